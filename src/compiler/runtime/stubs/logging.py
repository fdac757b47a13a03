"""tparse stub of the standard library's logging: loggers whose methods are no-ops in eager code and break
the graph inside a compiled frame, as Dynamo does for a logging.Logger method it is not told to ignore
(torch._dynamo.config.ignore_logger_methods is empty by default)."""

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


class Logger(Filterer):
    def __init__(self, name=None, level=0):
        Filterer.__init__(self)
        self.name = name
        self.level = level
        self.handlers = []
        self.propagate = True
        self.disabled = False
        self.parent = None

    def log(self, level, *args, **kwargs):
        __tparse_logger_call__(self, "log", args, kwargs)

    def getEffectiveLevel(self):
        return self.level if self.level else WARNING

    def hasHandlers(self):
        return len(self.handlers) > 0

    def removeHandler(self, handler):
        if handler in self.handlers:
            self.handlers.remove(handler)

    def getChild(self, suffix):
        return getLogger(suffix if self.name is None else self.name + "." + suffix)

    def warning(self, *args, **kwargs):
        __tparse_logger_call__(self, "warning", args, kwargs)

    def warn(self, *args, **kwargs):
        __tparse_logger_call__(self, "warn", args, kwargs)

    def info(self, *args, **kwargs):
        __tparse_logger_call__(self, "info", args, kwargs)

    def debug(self, *args, **kwargs):
        __tparse_logger_call__(self, "debug", args, kwargs)

    def error(self, *args, **kwargs):
        __tparse_logger_call__(self, "error", args, kwargs)

    def exception(self, *args, **kwargs):
        __tparse_logger_call__(self, "exception", args, kwargs)

    def critical(self, *args, **kwargs):
        __tparse_logger_call__(self, "critical", args, kwargs)

    def fatal(self, *args, **kwargs):  # Logger.fatal is Logger.critical
        __tparse_logger_call__(self, "critical", args, kwargs)

    def setLevel(self, level):
        self.level = level

    def addHandler(self, handler):
        if handler not in self.handlers:
            self.handlers.append(handler)

    def isEnabledFor(self, level):
        return level >= WARNING


class Handler(Filterer):
    def __init__(self, *args, **kwargs):
        Filterer.__init__(self)
        self.level = NOTSET
        self.formatter = None

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
        self.stream = stream


class NullHandler(Handler):
    pass


class FileHandler(StreamHandler):
    def __init__(self, filename, *args, **kwargs):
        StreamHandler.__init__(self)
        self.baseFilename = filename


class Formatter:
    def __init__(self, *args, **kwargs):
        pass


_loggers = {}


def getLogger(name=None):
    if name not in _loggers:
        _loggers[name] = Logger(name)
    return _loggers[name]


root = getLogger()


def basicConfig(*args, **kwargs):
    pass


# the module-level functions: `if len(root.handlers) == 0: basicConfig()`, then root's method. In a compiled frame
# Dynamo inlines them and cannot take len() of the root logger's handlers (GB0156 at the call, which runs eagerly)
def debug(msg, *args, **kwargs):
    __tparse_root_logging__()


def info(msg, *args, **kwargs):
    __tparse_root_logging__()


def warning(msg, *args, **kwargs):
    __tparse_root_logging__()


def warn(msg, *args, **kwargs):
    __tparse_root_logging__()


def error(msg, *args, **kwargs):
    __tparse_root_logging__()


def exception(msg, *args, exc_info=True, **kwargs):
    __tparse_root_logging__()


def critical(msg, *args, **kwargs):
    __tparse_root_logging__()


fatal = critical


def log(level, msg, *args, **kwargs):
    __tparse_root_logging__()


def captureWarnings(capture):
    pass


def disable(level=CRITICAL):
    pass
