"""tparse stub of typing. The generic aliases of builtin and collections.abc classes are those classes, as
isinstance sees them in CPython (isinstance(x, typing.Sequence) is isinstance(x, collections.abc.Sequence)).
A class-body annotation is evaluated (runtime/annotations.cpp): its subscripts and `X | Y` become _TparseAlias
objects with CPython's __origin__ / __args__ / repr, which get_origin / get_args read (huggingface_hub's @strict
validates fields with them). Subscripting a class outside an annotation gives the class back."""
import types

from collections.abc import (Callable, Iterable, Iterator, Sequence, Mapping, Collection, Container, Hashable, Sized,
                             Reversible, MutableMapping, MutableSequence, MutableSet, Generator, Awaitable, Coroutine,
                             AsyncIterator, AsyncIterable, MappingView, KeysView, ItemsView, ValuesView)
from collections.abc import Set as AbstractSet


class _SpecialForm:
    def __init__(self, name):
        self._name = name

    def __getitem__(self, item):
        if self._name in _TYPE_FORMS:
            return _tparse_subscript(self, item if isinstance(item, tuple) else (item,))
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
    """A TypedDict class makes plain dicts (`Cfg(a=1)` is `{'a': 1}`, a dict); its class keywords (total=False) are
    dropped. The functional form `TypedDict("Name", {"a": int}, total=False)` makes such a class."""

    def __new__(cls, *args, **kwargs):
        if cls is TypedDict:
            fields = dict(args[1]) if len(args) > 1 else {}
            return type(args[0], (TypedDict,), {"__annotations__": fields, "__total__": kwargs.get("total", True)})
        return dict(*args, **kwargs)


def _nt_new(_cls, *args, **kwargs):
    # typing.NamedTuple's class form: the tuple's values are the arguments, then the class's defaults
    fields = _cls._fields
    vals = list(args)
    if len(vals) > len(fields):
        raise TypeError(_cls.__name__ + ".__new__() takes " + str(len(fields) + 1) + " positional arguments but " + str(len(vals) + 1) + " were given")
    for i in range(len(args), len(fields)):
        f = fields[i]
        if f in kwargs:
            vals.append(kwargs[f])
        elif f in _cls._field_defaults:
            vals.append(_cls._field_defaults[f])
        else:
            raise TypeError(_cls.__name__ + ".__new__() missing required argument: '" + f + "'")
    self = object.__new__(_cls)
    self._values = tuple(vals)
    for i in range(len(fields)):
        setattr(self, fields[i], vals[i])
    return self


class NamedTuple:
    """`class P(NamedTuple): a: int; b: float = 0.5`: CPython's NamedTupleMeta makes a collections.namedtuple of the
    annotated fields (defaults from the class body) and keeps the class's methods; here __init_subclass__ does."""

    def __init_subclass__(cls, **kwargs):
        ann = getattr(cls, "__annotations__", {})
        fields = [f for f in ann]
        defaults = {}
        for f in fields:
            if hasattr(cls, f):
                defaults[f] = getattr(cls, f)
        cls._fields = tuple(fields)
        cls._field_defaults = defaults
        cls.__new__ = _nt_new

    def __init__(self, *args, **kwargs):
        pass

    def __getitem__(self, i):
        return self._values[i]

    def __iter__(self):
        return iter(self._values)

    def __len__(self):
        return len(self._values)

    def __eq__(self, other):
        return tuple(self) == tuple(other)

    def __repr__(self):
        return type(self).__name__ + "(" + ", ".join(f + "=" + repr(getattr(self, f)) for f in self._fields) + ")"

    def _asdict(self):
        return {f: getattr(self, f) for f in self._fields}

    def _replace(self, **kwargs):
        d = self._asdict()
        for k in kwargs:
            d[k] = kwargs[k]
        return type(self)(**d)


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


_TYPE_FORMS = ("Union", "Optional", "Literal", "ClassVar", "Final", "Annotated", "Required", "NotRequired")
_NoneType = type(None)


def _type_repr(t):
    # as typing's: builtins by name, None for NoneType, other classes module.qualname, aliases their own repr
    if t is _NoneType or t is None:
        return "None"
    if t is Ellipsis:
        return "..."
    if isinstance(t, type):
        if t.__module__ == "builtins":
            return t.__qualname__
        return t.__module__ + "." + t.__qualname__
    return repr(t)


class _TparseAlias:
    """A subscripted type: types.GenericAlias (list[int]), typing's forms (typing.Optional[int], typing.Literal[...]),
    types.UnionType (int | None). __origin__ is what typing.get_origin gives, __args__ what get_args gives."""

    def __init__(self, origin, args, kind):
        self.__origin__ = origin
        self.__args__ = args
        self._kind = kind  # "generic", "form" (typing.X[...]) or "union" (X | Y)

    def __repr__(self):
        if self._kind == "union":
            return " | ".join([_type_repr(a) for a in self.__args__])
        if self._kind == "form":
            name = self.__origin__._name
            args = self.__args__
            if name == "Union" and len(args) == 2 and _NoneType in args:
                name = "Optional"
                args = tuple([a for a in args if a is not _NoneType])
            if name == "Literal":
                return "typing.Literal[" + ", ".join([repr(a) for a in args]) + "]"
            return "typing." + name + "[" + ", ".join([_type_repr(a) for a in args]) + "]"
        return _type_repr(self.__origin__) + "[" + ", ".join([_type_repr(a) for a in self.__args__]) + "]"

    def __eq__(self, other):
        return isinstance(other, _TparseAlias) and self._kind == other._kind and self.__origin__ is other.__origin__ \
            and self.__args__ == other.__args__

    def __hash__(self):
        return hash(repr(self))

    def __or__(self, other):
        return _tparse_union(self, other)

    def __ror__(self, other):
        return _tparse_union(other, self)

    def __call__(self, *args, **kwargs):
        return self.__origin__(*args, **kwargs)


def _union_members(t):
    if isinstance(t, _TparseAlias) and (t._kind == "union" or (t._kind == "form" and t.__origin__ is Union)):
        return list(t.__args__)
    return [_NoneType if t is None else t]


def _dedup(ts):
    out = []
    for t in ts:
        if t not in out:
            out.append(t)
    return tuple(out)


def _tparse_union(left, right):
    """`left | right` in an annotation: types.UnionType, its members flattened and deduplicated."""
    args = _dedup(_union_members(left) + _union_members(right))
    if len(args) == 1:
        return args[0]
    return _TparseAlias(types.UnionType, args, "union")


def _tparse_subscript(origin, args):
    """`origin[args]` in an annotation (args a tuple)."""
    if isinstance(origin, _SpecialForm):
        name = origin._name
        if name == "Optional":
            return _tparse_subscript(Union, (args[0], _NoneType))
        if name == "Union":
            members = []
            for a in args:
                members = members + _union_members(a)
            members = _dedup(members)
            return members[0] if len(members) == 1 else _TparseAlias(Union, members, "form")
        if name in _TYPE_FORMS:
            return _TparseAlias(origin, args, "form")
        return origin  # Generic[T], Protocol[T], ...: the form itself
    return _TparseAlias(origin, args, "generic")


def get_args(tp):
    if isinstance(tp, _TparseAlias):
        return tp.__args__
    return ()


def get_origin(tp):
    if isinstance(tp, _TparseAlias):
        return tp.__origin__
    if tp is Generic:
        return Generic
    return None


def assert_never(value):
    return value


def dataclass_transform(*args, **kwargs):
    def deco(cls):
        return cls
    return deco
