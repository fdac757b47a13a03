# `from pkg import name` inside a compiled callee where sys.modules["pkg"] is an instance of a types.ModuleType
# SUBCLASS (diffusers' _LazyModule: deprecate() does `from .. import __version__`): Dynamo's IMPORT_NAME accepts only
# an exact ModuleType, so this is graph break GB0022 "Bad import result" (debug context: the subclass name)
import sys
import types
import torch


class LazyModule(types.ModuleType):
    pass


lazy = LazyModule("lazy_pkg_scout_v")
lazy.__version__ = "1.0.0"
sys.modules["lazy_pkg_scout_v"] = lazy


def deprecate(x):
    from lazy_pkg_scout_v import __version__
    return x * 2 if __version__ == "1.0.0" else x


@torch.compile(backend="eager")
def f(x):
    y = x.sin()
    y = deprecate(y)
    return y.cos()


with torch.no_grad():
    for n in (2, 3):
        out = f(torch.randn(n, 4))
print(out.shape)
