"""tparse stub of contextvars: one thread and one context run a script here, so a ContextVar is a variable with a
default and set() / reset() a stack of tokens (transformers' capture_outputs keeps its collector in one when not
compiling: the forward hooks read it back). Its methods are C code: in a compiled frame Dynamo wraps the variable as a
user-defined object whose methods it cannot trace (GB0156, real torch 2.11), then they run eagerly."""

_MISSING = object()


class Token:
    MISSING = _MISSING

    def __init__(self, var, old_value):
        self.var = var
        self.old_value = old_value
        self._used = False


class ContextVar:
    def __init__(self, name, *, default=_MISSING):
        self.name = name
        self._default = default
        self._value = _MISSING

    def get(self, *default):
        __tparse_unsupported_method__("ContextVar", "get", *default)
        if self._value is not _MISSING:
            return self._value
        if default:
            return default[0]
        if self._default is not _MISSING:
            return self._default
        raise LookupError(self)

    def set(self, value):
        __tparse_unsupported_method__("ContextVar", "set", value)
        token = Token(self, self._value)
        self._value = value
        return token

    def reset(self, token):
        __tparse_unsupported_method__("ContextVar", "reset", token)
        if token._used:
            raise RuntimeError(f"{token!r} has already been used once")
        if token.var is not self:
            raise ValueError(f"{token!r} was created by a different ContextVar")
        token._used = True
        self._value = token.old_value


class Context:
    def run(self, callable, *args, **kwargs):
        return callable(*args, **kwargs)


def copy_context():
    return Context()
