"""tparse stub of inspect: signature(fn).parameters (names in order; Dynamo traces inspect.signature without a
graph operation) (other names of inspect are opaque)."""


class Parameter:
    POSITIONAL_ONLY = 0
    POSITIONAL_OR_KEYWORD = 1
    VAR_POSITIONAL = 2
    KEYWORD_ONLY = 3
    VAR_KEYWORD = 4
    empty = None

    def __init__(self, name):
        self.name = name
        self.default = None


class Signature:
    def __init__(self, names):
        self.parameters = {}
        for n in names:
            self.parameters[n] = Parameter(n)


def signature(fn, *args, **kwargs):
    return Signature(__tparse_param_names__(fn))
