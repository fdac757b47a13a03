# A compiled extension probed under a bare `except:` (s4's cauchy kernel): Python raises ModuleNotFoundError
# on a machine without it and the fallback runs; the compiled function takes the fallback branch
import torch

try:
    from structured_kernels_not_installed import cauchy_mult
    has_ext = True
except:  # noqa: E722
    has_ext = False

try:
    import fused_ops_not_installed as fused
except Exception:
    fused = None


def f(x):
    if has_ext:
        x = cauchy_mult(x, x, x)
    if fused is not None:
        x = fused.gelu(x)
    return x.cos() * 2


cf = torch.compile(f, backend="eager")
cf(torch.randn(4))
cf(torch.randn(4))
