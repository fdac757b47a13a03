"""tparse stub of typing: annotations only need the names to exist and to accept subscripts."""


class _SpecialForm:
    def __init__(self, name):
        self._name = name

    def __getitem__(self, item):
        return self

    def __call__(self, *args, **kwargs):
        return args[0] if args else None

    def __repr__(self):
        return "typing." + self._name


Any = _SpecialForm("Any")
Optional = _SpecialForm("Optional")
Union = _SpecialForm("Union")
Tuple = _SpecialForm("Tuple")
List = _SpecialForm("List")
Dict = _SpecialForm("Dict")
Set = _SpecialForm("Set")
Callable = _SpecialForm("Callable")
Iterable = _SpecialForm("Iterable")
Iterator = _SpecialForm("Iterator")
Sequence = _SpecialForm("Sequence")
Mapping = _SpecialForm("Mapping")
Type = _SpecialForm("Type")
Literal = _SpecialForm("Literal")
ClassVar = _SpecialForm("ClassVar")
TypeVar = _SpecialForm("TypeVar")
Generic = _SpecialForm("Generic")
TYPE_CHECKING = False


def cast(typ, value):
    return value


def overload(fn):
    return fn


class TypedDict:
    """A TypedDict class is a dict at run time; its class keywords (total=False) are dropped."""

    def __init__(self, **kwargs):
        for k in kwargs:
            setattr(self, k, kwargs[k])


class NamedTuple:
    pass


class Protocol:
    pass


Unpack = _SpecialForm("Unpack")
Required = _SpecialForm("Required")
NotRequired = _SpecialForm("NotRequired")
Self = _SpecialForm("Self")
TypeAlias = _SpecialForm("TypeAlias")
ParamSpec = _SpecialForm("ParamSpec")
Concatenate = _SpecialForm("Concatenate")
Annotated = _SpecialForm("Annotated")
Final = _SpecialForm("Final")
TypeGuard = _SpecialForm("TypeGuard")


def get_type_hints(obj, *args, **kwargs):
    return {}


def runtime_checkable(cls):
    return cls


def final(fn):
    return fn


def no_type_check(fn):
    return fn
