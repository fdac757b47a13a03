"""tparse stub of transformers.utils.logging. Logger methods are logging.Logger methods for Dynamo:
called inside a compiled frame they break the graph (GB0291), eager calls do nothing. warning_once and
info_once are functools.lru_cache'd functions set on the class, as the real ones: called again with the same message they run no
Python code (no frame under the eval_frame callback)."""
import functools


@functools.lru_cache(None)
def warning_once(self, *args, **kwargs):
    __tparse_logger_call__(self, "warning_once", args, kwargs)


@functools.lru_cache(None)
def info_once(self, *args, **kwargs):
    __tparse_logger_call__(self, "info_once", args, kwargs)


class Logger:
    def __init__(self, name):
        self.name = name

    def warning(self, *args, **kwargs):
        __tparse_logger_call__(self, "warning", args, kwargs)

    warning_once = warning_once
    info_once = info_once

    def warn(self, *args, **kwargs):
        __tparse_logger_call__(self, "warn", args, kwargs)

    def info(self, *args, **kwargs):
        __tparse_logger_call__(self, "info", args, kwargs)

    def debug(self, *args, **kwargs):
        __tparse_logger_call__(self, "debug", args, kwargs)

    def error(self, *args, **kwargs):
        __tparse_logger_call__(self, "error", args, kwargs)


_loggers = {}


def get_logger(name=None):
    # one Logger per name, as logging.getLogger: warning_once's cache is keyed by the logger too
    if name not in _loggers:
        _loggers[name] = Logger(name)
    return _loggers[name]


def set_verbosity_error():
    pass
