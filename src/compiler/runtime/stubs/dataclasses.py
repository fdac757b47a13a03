"""tparse stub of dataclasses: @dataclass makes __init__ from the annotated class attributes (in
order, base classes first; defaults from the class body); field(default_factory=f) gives f()."""


def dataclass(cls=None, **kwargs):
    if cls is None:
        return dataclass
    return __tparse_dataclass__(cls)


class _MissingType:
    """dataclasses.MISSING: the sentinel for "no default given"."""


MISSING = _MissingType()


class _TparseFieldFactory:
    """field(default_factory=f): each instance's __init__ calls f (a fresh list / dict / deque per instance)."""

    def __init__(self, factory):
        self.factory = factory


def field(default=None, default_factory=None, **kwargs):
    if default_factory is not None and default_factory is not MISSING:
        return _TparseFieldFactory(default_factory)
    return None if default is MISSING else default



def replace(obj, **changes):
    """A new instance of obj's class from its fields, `changes` taking precedence (__init__ runs again)."""
    kw = dict(vars(obj))
    kw.update(changes)
    return obj.__class__(**kw)


def asdict(obj):
    return dict(vars(obj))


class Field:
    """What fields() gives per field: its name, and dataclasses.Field's other attributes at their usual values (types
    and defaults are not kept: `init` True, `default` MISSING, `metadata` empty)."""

    def __init__(self, name):
        self.name = name
        self.type = None
        self.default = MISSING
        self.default_factory = MISSING
        self.init = True
        self.repr = True
        self.hash = None
        self.compare = True
        self.metadata = {}
        self.kw_only = False


class InitVar:
    """dataclasses.InitVar[T]: an __init__ parameter passed to __post_init__, no field (@dataclass reads the annotation)."""

    def __init__(self, type=None):
        self.type = type


def fields(class_or_instance):
    """The dataclass's fields in order (base classes first), from its __dataclass_fields__."""
    cls = class_or_instance if isinstance(class_or_instance, type) else type(class_or_instance)
    if not hasattr(cls, '__dataclass_fields__'):
        raise TypeError('must be called with a dataclass type or instance')
    return tuple([Field(n) for n in cls.__dataclass_fields__])


def is_dataclass(obj):
    cls = obj if isinstance(obj, type) else type(obj)
    return hasattr(cls, '__dataclass_fields__')
