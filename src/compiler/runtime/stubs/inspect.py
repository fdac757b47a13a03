"""tparse stub of inspect: signature(fn) with its parameters in order (name, kind, default; annotations are not
kept: `empty`), as Dynamo traces inspect.signature without a graph operation; isclass / isfunction / ismethod /
ismodule. Other names of inspect are opaque."""


class _empty:
    """Marker of an absent default or annotation (inspect.Parameter.empty / Signature.empty)."""


class Parameter:
    POSITIONAL_ONLY = 0
    POSITIONAL_OR_KEYWORD = 1
    VAR_POSITIONAL = 2
    KEYWORD_ONLY = 3
    VAR_KEYWORD = 4
    empty = _empty

    def __init__(self, name, kind=1, *, default=_empty, annotation=_empty):
        self.name = name
        self.kind = kind
        self.default = default
        self.annotation = annotation

    def __repr__(self):
        return f"<Parameter \"{self.name}\">"


class Signature:
    empty = _empty

    def __init__(self, parameters=None, *, return_annotation=_empty):
        self.parameters = {}
        for p in parameters or []:
            self.parameters[p.name] = p
        self.return_annotation = return_annotation


def unwrap(fn, *, stop=None):
    while hasattr(fn, "__wrapped__") and not (stop is not None and stop(fn)):
        fn = fn.__wrapped__
    return fn


def signature(fn, *, follow_wrapped=True, **kwargs):
    if follow_wrapped:
        fn = unwrap(fn)
    if isclass(fn):  # the class's __init__ without self (a torch.nn class: its documented parameters)
        params = [Parameter(n, k, default=d if has else _empty) for n, k, has, d in __tparse_signature__(fn)][1:]
    else:
        params = [Parameter(n, k, default=d if has else _empty) for n, k, has, d in __tparse_signature__(fn)]
    return Signature(params)


def isclass(obj):
    return isinstance(obj, type)


def isfunction(obj):
    return type(obj).__name__ == "function"


def ismethod(obj):
    return type(obj).__name__ == "method"


def ismodule(obj):
    return type(obj).__name__ == "module"
