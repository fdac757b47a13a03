# weakref (stdlib): model code keeps weak references to parameters, modules and optimizers (an EMA's
# `[weakref.ref(p) for p in parameters]`, then `p()` each update; LR schedulers' `weakref.ref(optimizer)`).
# Nothing is collected during a run, so a reference gives its object back. In a compiled frame Dynamo's
# WeakRefVariable names what a call returns `<ref source>()` (the attribute below is read under that source).


class ref:
    __slots__ = ("__tparse_referent__", "__callback__")

    def __init__(self, obj, callback=None):
        self.__tparse_referent__ = obj
        self.__callback__ = callback

    def __call__(self):
        return self.__tparse_referent__

    def __eq__(self, other):
        return isinstance(other, ref) and self.__tparse_referent__ is other.__tparse_referent__

    def __hash__(self):
        return id(self.__tparse_referent__)


ReferenceType = ref


def proxy(obj, callback=None):
    return obj


def getweakrefcount(obj):
    return 0


class WeakMethod(ref):
    pass


class WeakValueDictionary(dict):
    pass


class WeakKeyDictionary(dict):
    pass


class WeakSet:
    """_weakrefset.py's WeakSet is Python code (each method a frame of its own); its items held strongly here"""

    def __init__(self, data=None):
        self.data = set()
        if data is not None:
            self.update(data)

    def add(self, item):
        self.data.add(item)

    def discard(self, item):
        self.data.discard(item)

    def remove(self, item):
        self.data.remove(item)

    def update(self, other):
        for item in other:
            self.data.add(item)

    def clear(self):
        self.data.clear()

    def __contains__(self, item):
        return item in self.data

    def __iter__(self):
        return iter(list(self.data))

    def __len__(self):
        return len(self.data)


class finalize:
    def __init__(self, obj, func, *args, **kwargs):
        self.alive = True

    def __call__(self, _=None):
        self.alive = False

    def detach(self):
        self.alive = False
