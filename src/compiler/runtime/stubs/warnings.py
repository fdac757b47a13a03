"""tparse stub of warnings: warnings.warn is a C builtin Dynamo cannot trace (GB0007 when traced)."""


def warn(message, category=None, stacklevel=1):
    __tparse_skipped_builtin__("warnings.warn")


def filterwarnings(*args, **kwargs):
    pass


def simplefilter(*args, **kwargs):
    pass
