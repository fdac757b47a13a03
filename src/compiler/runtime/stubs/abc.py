"""tparse stub of abc: abstract base classes behave as plain classes."""


class ABC:
    pass


class ABCMeta:
    pass


def abstractmethod(fn):
    return fn
