"""tparse stub of collections.abc: the abstract container classes. isinstance(x, Iterable) and the like
check the kind of x as CPython's registrations do (lists, tuples, dicts, strings, tensors, functions;
runtime/builtins/builtins.cpp reads __tparse_abc__); a class of the script that derives from one is an ordinary base."""


class Hashable:
    __tparse_abc__ = "Hashable"


class Iterable:
    __tparse_abc__ = "Iterable"


class Iterator(Iterable):
    __tparse_abc__ = "Iterator"


class Generator(Iterator):
    __tparse_abc__ = "Generator"


class Reversible(Iterable):
    __tparse_abc__ = "Reversible"


class Sized:
    __tparse_abc__ = "Sized"


class Container:
    __tparse_abc__ = "Container"


class Collection(Sized, Iterable, Container):
    __tparse_abc__ = "Collection"


class Callable:
    __tparse_abc__ = "Callable"


class Sequence(Reversible, Collection):
    __tparse_abc__ = "Sequence"


class MutableSequence(Sequence):
    __tparse_abc__ = "MutableSequence"


class Mapping(Collection):
    __tparse_abc__ = "Mapping"


class MutableMapping(Mapping):
    __tparse_abc__ = "MutableMapping"


class Set(Collection):
    __tparse_abc__ = "Set"


class MutableSet(Set):
    __tparse_abc__ = "MutableSet"


class MappingView(Sized):
    __tparse_abc__ = "MappingView"


class KeysView(MappingView, Set):
    __tparse_abc__ = "KeysView"


class ItemsView(MappingView, Set):
    __tparse_abc__ = "ItemsView"


class ValuesView(MappingView, Collection):
    __tparse_abc__ = "ValuesView"


class Awaitable:
    __tparse_abc__ = "Awaitable"


class Coroutine(Awaitable):
    __tparse_abc__ = "Coroutine"


class AsyncIterable:
    __tparse_abc__ = "AsyncIterable"


class AsyncIterator(AsyncIterable):
    __tparse_abc__ = "AsyncIterator"


class Buffer:
    __tparse_abc__ = "Buffer"
