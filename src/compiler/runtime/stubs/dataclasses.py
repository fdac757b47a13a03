"""tparse stub of dataclasses: @dataclass makes __init__ from the annotated class attributes (in
order, base classes first; defaults from the class body); field(default_factory=f) gives f()."""


def dataclass(cls=None, **kwargs):
    if cls is None:
        return dataclass
    return __tparse_dataclass__(cls)


class _TparseFieldFactory:
    """field(default_factory=f): each instance's __init__ calls f (a fresh list / dict / deque per instance)."""

    def __init__(self, factory):
        self.factory = factory


def field(default=None, default_factory=None, **kwargs):
    if default_factory is not None:
        return _TparseFieldFactory(default_factory)
    return default



def replace(obj, **changes):
    """A new instance of obj's class from its fields, `changes` taking precedence (__init__ runs again)."""
    kw = dict(vars(obj))
    kw.update(changes)
    return obj.__class__(**kw)


def asdict(obj):
    return dict(vars(obj))
