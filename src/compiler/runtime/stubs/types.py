"""tparse stub of types: SimpleNamespace as a plain attribute bag; other names of the module are opaque."""


class SimpleNamespace:
    def __init__(self, **kwargs):
        self.__dict__.update(kwargs)
