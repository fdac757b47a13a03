"""tparse stub of dataclasses: @dataclass keeps the class (fields come from class attributes)."""


def dataclass(cls=None, **kwargs):
    if cls is None:
        return dataclass
    return cls


def field(default=None, default_factory=None, **kwargs):
    if default_factory is not None:
        return default_factory()
    return default
