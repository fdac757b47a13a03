"""tparse stub of functools: partial objects; wraps / update_wrapper copy the wrapped function's name attributes and
set __wrapped__ (inspect.signature follows it, as CPython's does); lru_cache / cache as decorators that keep the
function."""

WRAPPER_ASSIGNMENTS = ("__module__", "__name__", "__qualname__", "__doc__")
WRAPPER_UPDATES = ("__dict__",)


class partial:
    # partial(func, /, *args, **keywords): func and self are positional-only (a keyword named `func` or `self` is
    # one of the partial's keywords: einx's `partial(_construct_graph, func=func)`)
    def __init__(*args, **kwargs):
        self = args[0]
        func = args[1]
        args = args[2:]
        if isinstance(func, partial):  # CPython flattens a partial of a partial
            args = func.args + args
            kw = {}
            for k in func.keywords:
                kw[k] = func.keywords[k]
            for k in kwargs:
                kw[k] = kwargs[k]
            kwargs = kw
            func = func.func
        self.func = func
        self.args = args
        self.keywords = kwargs

    def __call__(*args, **kwargs):
        self = args[0]
        args = args[1:]
        kw = {}
        for k in self.keywords:
            kw[k] = self.keywords[k]
        for k in kwargs:
            kw[k] = kwargs[k]
        return self.func(*(self.args + args), **kw)


def update_wrapper(wrapper, wrapped, assigned=WRAPPER_ASSIGNMENTS, updated=WRAPPER_UPDATES):
    for attr in assigned:
        try:
            value = getattr(wrapped, attr)
        except AttributeError:
            pass
        else:
            try:  # a wrapper tparse models as a builtin (where CPython has a Python function) keeps no attributes
                setattr(wrapper, attr, value)
            except AttributeError:
                return wrapper
    wrapper.__wrapped__ = wrapped
    return wrapper


def wraps(wrapped, assigned=WRAPPER_ASSIGNMENTS, updated=WRAPPER_UPDATES):
    def decorator(fn):
        return update_wrapper(fn, wrapped, assigned, updated)
    return decorator


def lru_cache(maxsize=None, typed=False):
    # a plain function keeps itself (Dynamo traces an lru_cache'd function's __wrapped__); anything else (a bound
    # method: `self.f = lru_cache(n)(self.f)`) is the C wrapper object, whose call breaks a traced frame (GB0156)
    if callable(maxsize):
        return __tparse_lru_wrap__(maxsize)
    def decorator(fn):
        return __tparse_lru_wrap__(fn)
    return decorator


def cache(fn):
    return __tparse_lru_wrap__(fn)


def reduce(function, iterable, initial=None):
    it = list(iterable)
    if initial is None:
        acc = it[0]
        it = it[1:]
    else:
        acc = initial
    for x in it:
        acc = function(acc, x)
    return acc


_NOT_FOUND = object()


class cached_property:
    # CPython 3.12's: a non-data descriptor whose first read stores the value in the instance's __dict__, where later
    # reads find it (Dynamo inlines this __get__: the graph's value is named `val`, and later reads reuse it)
    def __init__(self, func):
        self.func = func
        self.attrname = None
        self.__doc__ = func.__doc__
        self.__module__ = func.__module__

    def __set_name__(self, owner, name):
        if self.attrname is None:
            self.attrname = name
        elif name != self.attrname:
            raise TypeError(
                "Cannot assign the same cached_property to two different names "
                f"({self.attrname!r} and {name!r})."
            )

    def __get__(self, instance, owner=None):
        if instance is None:
            return self
        if self.attrname is None:
            raise TypeError("Cannot use cached_property instance without calling __set_name__ on it.")
        cache = instance.__dict__
        val = cache.get(self.attrname, _NOT_FOUND)
        if val is _NOT_FOUND:
            val = self.func(instance)
            cache[self.attrname] = val
        return val
