# EfficientFormer imports `from timm.models.layers.helpers import to_2tuple`; timm 1.0 has the package
# timm.models.layers but no `helpers` submodule, so real Python raises ModuleNotFoundError (here: the except
# branch runs and the compiled function takes the stride-2 path).
import torch

try:
    from torch.nn.modules.helpers import to_2tuple
    HAVE = True
except ImportError:
    HAVE = False
    def to_2tuple(x):
        return (x, x)


@torch.compile(backend="eager")
def f(x):
    s = to_2tuple(2)
    if HAVE:
        return x * 2
    return torch.nn.functional.avg_pool2d(x, s, s)


for b in (2, 3):
    print(f(torch.randn(b, 3, 8, 8)).shape)
