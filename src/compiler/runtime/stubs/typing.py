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


# The rest of typing's generic aliases and special forms (names model files import; none acts at run time)
AbstractSet = _SpecialForm("AbstractSet")
Collection = _SpecialForm("Collection")
Container = _SpecialForm("Container")
Hashable = _SpecialForm("Hashable")
Sized = _SpecialForm("Sized")
Reversible = _SpecialForm("Reversible")
MutableMapping = _SpecialForm("MutableMapping")
MutableSequence = _SpecialForm("MutableSequence")
MutableSet = _SpecialForm("MutableSet")
FrozenSet = _SpecialForm("FrozenSet")
DefaultDict = _SpecialForm("DefaultDict")
OrderedDict = _SpecialForm("OrderedDict")
Counter = _SpecialForm("Counter")
Deque = _SpecialForm("Deque")
ChainMap = _SpecialForm("ChainMap")
Generator = _SpecialForm("Generator")
Awaitable = _SpecialForm("Awaitable")
Coroutine = _SpecialForm("Coroutine")
AsyncIterator = _SpecialForm("AsyncIterator")
AsyncIterable = _SpecialForm("AsyncIterable")
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
