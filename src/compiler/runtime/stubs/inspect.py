"""tparse stub of inspect: signature(fn) with its parameters in order (name, kind, default; annotations are not
kept: `empty`), as Dynamo traces inspect.signature without a graph operation, and Signature.bind; currentframe() and
a frame's f_back / f_locals / f_globals / f_code / f_lineno, getargvalues (d2l's save_hyperparameters); isclass /
isfunction / ismethod / ismodule. Other names of inspect are opaque."""


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

    def bind(self, *args, **kwargs):
        return self._bind(args, kwargs, False)

    def bind_partial(self, *args, **kwargs):
        return self._bind(args, kwargs, True)

    def _bind(self, args, kwargs, partial):
        # CPython's Signature._bind: positional arguments fill the positional parameters in order, then *args;
        # keywords their own names, then **kwargs; a missing required argument or an extra one is a TypeError
        arguments = {}
        kwargs = dict(kwargs)
        i = 0
        for p in self.parameters.values():
            if p.kind == Parameter.VAR_POSITIONAL:
                arguments[p.name] = tuple(args[i:])
                i = len(args)
            elif p.kind == Parameter.VAR_KEYWORD:
                arguments[p.name] = kwargs
                kwargs = {}
            elif p.kind in (Parameter.POSITIONAL_ONLY, Parameter.POSITIONAL_OR_KEYWORD) and i < len(args):
                if p.name in kwargs:
                    raise TypeError(f"multiple values for argument '{p.name}'")
                arguments[p.name] = args[i]
                i += 1
            elif p.name in kwargs:
                arguments[p.name] = kwargs.pop(p.name)
            elif p.default is _empty and not partial:
                raise TypeError(f"missing a required argument: '{p.name}'")
        if i < len(args):
            raise TypeError("too many positional arguments")
        if kwargs:
            raise TypeError(f"got an unexpected keyword argument '{next(iter(kwargs))}'")
        return BoundArguments(self, arguments)


class BoundArguments:
    def __init__(self, signature, arguments):
        self.signature = signature
        self.arguments = arguments

    @property
    def args(self):
        out = []
        for p in self.signature.parameters.values():
            if p.kind == Parameter.VAR_POSITIONAL:
                out.extend(self.arguments.get(p.name, ()))
            elif p.kind in (Parameter.POSITIONAL_ONLY, Parameter.POSITIONAL_OR_KEYWORD) and p.name in self.arguments:
                out.append(self.arguments[p.name])
            else:
                break
        return tuple(out)

    @property
    def kwargs(self):
        out = {}
        positional = True
        for p in self.signature.parameters.values():
            if p.kind == Parameter.VAR_KEYWORD:
                out.update(self.arguments.get(p.name, {}))
            elif p.kind == Parameter.KEYWORD_ONLY or (not positional and p.name in self.arguments):
                if p.name in self.arguments:
                    out[p.name] = self.arguments[p.name]
            elif p.kind == Parameter.VAR_POSITIONAL or p.name not in self.arguments:
                positional = False
        return out

    def apply_defaults(self):
        new = {}
        for p in self.signature.parameters.values():
            if p.name in self.arguments:
                new[p.name] = self.arguments[p.name]
            elif p.default is not _empty:
                new[p.name] = p.default
            elif p.kind == Parameter.VAR_POSITIONAL:
                new[p.name] = ()
            elif p.kind == Parameter.VAR_KEYWORD:
                new[p.name] = {}
        self.arguments = new


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


class _Code:
    def __init__(self, name, filename, varnames):
        self.co_name = name
        self.co_filename = filename
        self.co_varnames = tuple(varnames)
        self.co_argcount = len(varnames)


class FrameType:
    """A running function's frame: the interpreter's activation at a stack index (its locals a snapshot)."""

    def __init__(self, index):
        self._index = index
        name, line, f_locals, filename, f_globals, argnames, varargs, varkw = __tparse_frame_info__(index)
        self.f_code = _Code(name, filename, argnames)
        self.f_lineno = line
        self.f_locals = f_locals
        self.f_globals = f_globals
        self._args = (argnames, varargs, varkw)

    @property
    def f_back(self):
        return _frame_at(self._index - 1)


def _frame_at(index):
    if index is None or index < 0:
        return None
    return FrameType(index)


def currentframe():
    return _frame_at(__tparse_frame__(1))  # (0 is currentframe's own activation)


from collections import namedtuple

ArgInfo = namedtuple("ArgInfo", "args varargs keywords locals")


def getargvalues(frame):
    argnames, varargs, varkw = frame._args
    return ArgInfo(list(argnames), varargs, varkw, frame.f_locals)
