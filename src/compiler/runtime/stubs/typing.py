"""tparse stub of typing: annotations only need the names to exist and to accept subscripts. The generic
aliases of builtin and collections.abc classes are those classes, as isinstance sees them in CPython
(isinstance(x, typing.Sequence) is isinstance(x, collections.abc.Sequence)); subscripting a class gives it back."""

from collections.abc import (Callable, Iterable, Iterator, Sequence, Mapping, Collection, Container, Hashable, Sized,
                             Reversible, MutableMapping, MutableSequence, MutableSet, Generator, Awaitable, Coroutine,
                             AsyncIterator, AsyncIterable)
from collections.abc import Set as AbstractSet


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
Tuple = tuple
List = list
Dict = dict
Set = _SpecialForm("Set")
Type = type
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


# The rest of typing's generic aliases and special forms (names model files import; none acts at run time)
FrozenSet = _SpecialForm("FrozenSet")
DefaultDict = _SpecialForm("DefaultDict")
OrderedDict = _SpecialForm("OrderedDict")
Counter = _SpecialForm("Counter")
Deque = _SpecialForm("Deque")
ChainMap = _SpecialForm("ChainMap")
AsyncGenerator = _SpecialForm("AsyncGenerator")
ContextManager = _SpecialForm("ContextManager")
AsyncContextManager = _SpecialForm("AsyncContextManager")
Pattern = _SpecialForm("Pattern")
Match = _SpecialForm("Match")
IO = _SpecialForm("IO")
TextIO = _SpecialForm("TextIO")
BinaryIO = _SpecialForm("BinaryIO")
SupportsInt = _SpecialForm("SupportsInt")
SupportsFloat = _SpecialForm("SupportsFloat")
SupportsIndex = _SpecialForm("SupportsIndex")
SupportsAbs = _SpecialForm("SupportsAbs")
NoReturn = _SpecialForm("NoReturn")
Never = _SpecialForm("Never")
LiteralString = _SpecialForm("LiteralString")
TypeVarTuple = _SpecialForm("TypeVarTuple")
NewType = _SpecialForm("NewType")
Text = str
AnyStr = _SpecialForm("AnyStr")


def get_args(tp):
    return ()


def get_origin(tp):
    return None


def assert_never(value):
    return value


def dataclass_transform(*args, **kwargs):
    def deco(cls):
        return cls
    return deco
