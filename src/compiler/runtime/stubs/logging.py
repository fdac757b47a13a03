"""tparse stub of the standard library's logging: loggers whose methods are no-ops in eager code and break
the graph inside a compiled frame, as Dynamo does for a logging.Logger method it is not told to ignore
(torch._dynamo.config.ignore_logger_methods is empty by default)."""

import sys
import threading
import weakref

CRITICAL = 50
FATAL = 50
ERROR = 40
WARNING = 30
WARN = 30
INFO = 20
DEBUG = 10
NOTSET = 0


_level_names = {CRITICAL: "CRITICAL", ERROR: "ERROR", WARNING: "WARNING", INFO: "INFO", DEBUG: "DEBUG", NOTSET: "NOTSET"}


def getLevelName(level):
    if level in _level_names:
        return _level_names[level]
    for k, v in _level_names.items():
        if v == level:
            return k
    return "Level %s" % level


class Filter:
    def __init__(self, name=""):
        self.name = name

    def filter(self, record):
        return True


class Filterer:
    """What loggers and handlers share: a list of filters (diffusers / transformers add theirs once)."""

    def __init__(self):
        self.filters = []

    def addFilter(self, filter):
        if filter not in self.filters:
            self.filters.append(filter)

    def removeFilter(self, filter):
        if filter in self.filters:
            self.filters.remove(filter)


# the module lock's helpers (CPython 3.12's: Python functions around the C RLock's acquire / release)
def _acquireLock():
    pass


def _releaseLock():
    pass


def _checkLevel(level):
    if isinstance(level, int):
        return level
    if str(level) == level:
        for k, v in _level_names.items():
            if v == level:
                return k
        raise ValueError("Unknown level: %r" % level)
    raise TypeError("Level not an integer or a valid string: %r" % (level,))


_handlerList = []
_at_fork_reinit_lock_weakset = weakref.WeakSet()


def _addHandlerRef(handler):
    _acquireLock()
    try:
        _handlerList.append(handler)
    finally:
        _releaseLock()


def _register_at_fork_reinit_lock(instance):
    _at_fork_reinit_lock_weakset.add(instance)


class Manager:
    def __init__(self):
        self._disable = 0

    @property
    def disable(self):
        return self._disable

    def _clear_cache(self):
        _acquireLock()
        for logger in _loggers.values():
            logger._cache.clear()
        _releaseLock()


class Logger(Filterer):
    def __init__(self, name=None, level=0):
        Filterer.__init__(self)
        self.name = name
        self.level = level
        self.handlers = []
        self.propagate = True
        self.disabled = False
        self.parent = None
        self._cache = {}

    def log(self, level, *args, **kwargs):
        __tparse_logger_call__(self, "log", args, kwargs)
        if self.isEnabledFor(level):
            self._log(level, args, kwargs)

    def getEffectiveLevel(self):
        logger = self
        while logger:
            if logger.level:
                return logger.level
            logger = logger.parent
        return NOTSET

    def hasHandlers(self):
        return len(self.handlers) > 0

    def removeHandler(self, handler):
        if handler in self.handlers:
            self.handlers.remove(handler)

    def getChild(self, suffix):
        return getLogger(suffix if self.name is None else self.name + "." + suffix)

    def warning(self, *args, **kwargs):
        __tparse_logger_call__(self, "warning", args, kwargs)
        if self.isEnabledFor(WARNING):
            self._log(WARNING, args, kwargs)

    def warn(self, *args, **kwargs):
        __tparse_logger_call__(self, "warn", args, kwargs)
        if self.isEnabledFor(WARNING):
            self._log(WARNING, args, kwargs)

    def info(self, *args, **kwargs):
        __tparse_logger_call__(self, "info", args, kwargs)
        if self.isEnabledFor(INFO):
            self._log(INFO, args, kwargs)

    def debug(self, *args, **kwargs):
        __tparse_logger_call__(self, "debug", args, kwargs)
        if self.isEnabledFor(DEBUG):
            self._log(DEBUG, args, kwargs)

    def error(self, *args, **kwargs):
        __tparse_logger_call__(self, "error", args, kwargs)
        if self.isEnabledFor(ERROR):
            self._log(ERROR, args, kwargs)

    def exception(self, *args, **kwargs):
        __tparse_logger_call__(self, "exception", args, kwargs)
        if self.isEnabledFor(ERROR):
            self._log(ERROR, args, kwargs)

    def critical(self, *args, **kwargs):
        __tparse_logger_call__(self, "critical", args, kwargs)
        if self.isEnabledFor(CRITICAL):
            self._log(CRITICAL, args, kwargs)

    def fatal(self, *args, **kwargs):  # Logger.fatal is Logger.critical
        __tparse_logger_call__(self, "critical", args, kwargs)
        if self.isEnabledFor(CRITICAL):
            self._log(CRITICAL, args, kwargs)

    def _log(self, level, args, kwargs):  # (findCaller, makeRecord and the handlers are not modelled: one frame)
        pass

    def setLevel(self, level):
        self.level = _checkLevel(level)
        self.manager._clear_cache()

    def addHandler(self, handler):
        _acquireLock()
        try:
            if handler not in self.handlers:
                self.handlers.append(handler)
        finally:
            _releaseLock()

    # CPython's: a cache per level, filled under the module lock from the manager's disable level and the
    # effective level (each a frame of its own the first time)
    def isEnabledFor(self, level):
        if self.disabled:
            return False
        if level in self._cache:
            return self._cache[level]
        _acquireLock()
        try:
            if self.manager.disable >= level:
                is_enabled = self._cache[level] = False
            else:
                is_enabled = self._cache[level] = level >= self.getEffectiveLevel()
        finally:
            _releaseLock()
        return is_enabled


class Handler(Filterer):
    def __init__(self, level=NOTSET):
        Filterer.__init__(self)
        self._name = None
        self.level = _checkLevel(level)
        self.formatter = None
        self._closed = False
        _addHandlerRef(self)
        self.createLock()

    def createLock(self):
        self.lock = threading.RLock()
        _register_at_fork_reinit_lock(self)

    def flush(self):
        pass

    def close(self):
        pass

    def setFormatter(self, fmt):
        self.formatter = fmt

    def setLevel(self, level):
        self.level = level


class StreamHandler(Handler):
    def __init__(self, stream=None):
        Handler.__init__(self)
        if stream is None:
            stream = sys.stderr
        self.stream = stream


class NullHandler(Handler):
    pass


class FileHandler(StreamHandler):
    def __init__(self, filename, *args, **kwargs):
        StreamHandler.__init__(self)
        self.baseFilename = filename


class PercentStyle:
    default_format = "%(message)s"

    def __init__(self, fmt, *, defaults=None):
        self._fmt = fmt or self.default_format
        self._defaults = defaults

    def validate(self):  # (a regular expression's search, C code)
        pass


class StrFormatStyle(PercentStyle):
    default_format = "{message}"


class StringTemplateStyle(PercentStyle):
    default_format = "${message}"


BASIC_FORMAT = "%(levelname)s:%(name)s:%(message)s"
_STYLES = {"%": (PercentStyle, BASIC_FORMAT), "{": (StrFormatStyle, "{levelname}:{name}:{message}"),
           "$": (StringTemplateStyle, "${levelname}:${name}:${message}")}


class Formatter:
    def __init__(self, fmt=None, datefmt=None, style="%", validate=True, *, defaults=None):
        if style not in _STYLES:
            raise ValueError("Style must be one of: %s" % ",".join(_STYLES.keys()))
        self._style = _STYLES[style][0](fmt, defaults=defaults)
        if validate:
            self._style.validate()
        self._fmt = self._style._fmt
        self.datefmt = datefmt


_loggers = {}


def getLogger(name=None):
    if name not in _loggers:
        _loggers[name] = Logger(name)
        if name is not None:
            _loggers[name].parent = root
    return _loggers[name]


root = getLogger()
root.level = WARNING
Logger.manager = Manager()


# CPython's: under the module lock, a StreamHandler on stderr with a Formatter of the basic format for a root logger
# that has no handler yet (each constructor a frame of its own the first time)
def basicConfig(**kwargs):
    _acquireLock()
    try:
        if len(root.handlers) == 0:
            handlers = kwargs.pop("handlers", None)
            if handlers is None:
                filename = kwargs.pop("filename", None)
                if filename:
                    h = FileHandler(filename)
                else:
                    h = StreamHandler(kwargs.pop("stream", None))
                handlers = [h]
            dfs = kwargs.pop("datefmt", None)
            style = kwargs.pop("style", "%")
            if style not in _STYLES:
                raise ValueError("Style must be one of: %s" % ",".join(_STYLES.keys()))
            fs = kwargs.pop("format", _STYLES[style][1])
            fmt = Formatter(fs, dfs, style)
            for h in handlers:
                if h.formatter is None:
                    h.setFormatter(fmt)
                root.addHandler(h)
            level = kwargs.pop("level", None)
            if level is not None:
                root.setLevel(level)
    finally:
        _releaseLock()


# the module-level functions: `if len(root.handlers) == 0: basicConfig()`, then root's method. In a compiled frame
# Dynamo inlines them and cannot take len() of the root logger's handlers (GB0156 at the call, which runs eagerly)
def debug(msg, *args, **kwargs):
    __tparse_root_logging__()
    if len(root.handlers) == 0:
        basicConfig()
    root.debug(msg, *args, **kwargs)


def info(msg, *args, **kwargs):
    __tparse_root_logging__()
    if len(root.handlers) == 0:
        basicConfig()
    root.info(msg, *args, **kwargs)


def warning(msg, *args, **kwargs):
    __tparse_root_logging__()
    if len(root.handlers) == 0:
        basicConfig()
    root.warning(msg, *args, **kwargs)


def warn(msg, *args, **kwargs):
    __tparse_root_logging__()
    warning(msg, *args, **kwargs)


def error(msg, *args, **kwargs):
    __tparse_root_logging__()
    if len(root.handlers) == 0:
        basicConfig()
    root.error(msg, *args, **kwargs)


def exception(msg, *args, exc_info=True, **kwargs):
    __tparse_root_logging__()
    error(msg, *args, exc_info=exc_info, **kwargs)


def critical(msg, *args, **kwargs):
    __tparse_root_logging__()
    if len(root.handlers) == 0:
        basicConfig()
    root.critical(msg, *args, **kwargs)


fatal = critical


def log(level, msg, *args, **kwargs):
    __tparse_root_logging__()
    if len(root.handlers) == 0:
        basicConfig()
    root.log(level, msg, *args, **kwargs)


def captureWarnings(capture):
    pass


def disable(level=CRITICAL):
    root.manager._disable = level
    root.manager._clear_cache()
