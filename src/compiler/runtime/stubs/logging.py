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


class Logger:
    def __init__(self, name=None, level=0):
        self.name = name
        self.level = level

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

    def setLevel(self, level):
        self.level = level

    def addHandler(self, handler):
        pass

    def isEnabledFor(self, level):
        return level >= WARNING


class Handler:
    def __init__(self, *args, **kwargs):
        pass

    def setFormatter(self, fmt):
        pass

    def setLevel(self, level):
        pass


class StreamHandler(Handler):
    pass


class Formatter:
    def __init__(self, *args, **kwargs):
        pass


_loggers = {}


def getLogger(name=None):
    if name not in _loggers:
        _loggers[name] = Logger(name)
    return _loggers[name]


def basicConfig(*args, **kwargs):
    pass
