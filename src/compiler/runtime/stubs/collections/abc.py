"""tparse stub of collections.abc: the abstract container classes. isinstance(x, Iterable) and the like
check the kind of x as CPython's registrations do (lists, tuples, dicts, strings, tensors, functions;
runtime/builtins/python/builtins.cpp reads __tparse_abc__); a class of the script that derives from one is an ordinary base."""


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
    """The mixin methods CPython's Mapping gives a subclass that defines __getitem__, __iter__ and __len__ (the views
    keys() / items() / values() are lists here: iterated, sized, tested with `in`)."""
    __tparse_abc__ = "Mapping"

    def get(self, key, default=None):
        try:
            return self[key]
        except KeyError:
            return default

    def __contains__(self, key):
        try:
            self[key]
        except KeyError:
            return False
        return True

    def keys(self):
        return [k for k in self]

    def items(self):
        return [(k, self[k]) for k in self]

    def values(self):
        return [self[k] for k in self]


class MutableMapping(Mapping):
    """Mapping's mixins and MutableMapping's own (pop, popitem, clear, update, setdefault), over __setitem__ /
    __delitem__."""
    __tparse_abc__ = "MutableMapping"

    def pop(self, key, *default):
        try:
            value = self[key]
        except KeyError:
            if default:
                return default[0]
            raise
        del self[key]
        return value

    def popitem(self):
        for key in self:
            value = self[key]
            del self[key]
            return key, value
        raise KeyError

    def clear(self):
        for key in list(self):
            del self[key]

    def update(self, other=(), **kwds):
        if isinstance(other, Mapping) or hasattr(other, "keys"):
            for key in other.keys():
                self[key] = other[key]
        else:
            for key, value in other:
                self[key] = value
        for key, value in kwds.items():
            self[key] = value

    def setdefault(self, key, default=None):
        try:
            return self[key]
        except KeyError:
            self[key] = default
        return default


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
