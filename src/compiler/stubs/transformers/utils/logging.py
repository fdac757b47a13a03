"""tparse stub of transformers.utils.logging. Logger methods are logging.Logger methods for Dynamo:
called inside a compiled frame they break the graph (GB0291), eager calls do nothing."""


class Logger:
    def __init__(self, name):
        self.name = name

    def warning(self, *args, **kwargs):
        __tparse_logger_call__("warning")

    def warning_once(self, *args, **kwargs):
        __tparse_logger_call__("warning")

    def warn(self, *args, **kwargs):
        __tparse_logger_call__("warning")

    def info(self, *args, **kwargs):
        __tparse_logger_call__("info")

    def debug(self, *args, **kwargs):
        __tparse_logger_call__("debug")

    def error(self, *args, **kwargs):
        __tparse_logger_call__("error")


def get_logger(name=None):
    return Logger(name)


def set_verbosity_error():
    pass
