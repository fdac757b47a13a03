"""tparse stub of types: SimpleNamespace as a plain attribute bag; the function / method / module types as
isinstance sees them (runtime/builtins/python/builtins_more.cpp abc_instance reads __tparse_abc__); other names are opaque."""


class SimpleNamespace:
    def __init__(self, **kwargs):
        self.__dict__.update(kwargs)


class FunctionType:
    __tparse_abc__ = "FunctionType"


LambdaType = FunctionType


class MethodType:
    __tparse_abc__ = "MethodType"


class BuiltinFunctionType:
    __tparse_abc__ = "BuiltinFunctionType"


BuiltinMethodType = BuiltinFunctionType


class ModuleType:
    __tparse_abc__ = "ModuleType"

    def __init__(self, name, doc=None):
        # Python's module object: a subclass (transformers' / diffusers' _LazyModule) reads these back
        self.__name__ = name
        self.__doc__ = doc
        self.__package__ = None
        self.__spec__ = None
        self.__loader__ = None


class UnionType:
    """The type of `X | Y` in an annotation (typing.get_origin(int | None) is types.UnionType)."""


class GenericAlias:
    """The type of `list[int]` (annotations build typing's _TparseAlias; this name is for isinstance and imports)."""
