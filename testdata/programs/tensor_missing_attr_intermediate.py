# Purpose: a missing attribute of an intermediate tensor in a compiled frame (hasattr, getattr default), then an
# uncaught one: does the compile fail with AttributeError (InternalTorchDynamoError) as for an input?
import torch

@torch.compile(backend="eager")
def f(x):
    y = x.relu()
    s = 1.0 if hasattr(y, "scale") else 3.0
    z = getattr(y, "offset", 0.5)
    return (y * s + z).sum()

print(round(f(torch.ones(3)).item(), 3))

@torch.compile(backend="eager")
def g(x):
    y = x + 1
    return y.no_such_attr

try:
    g(torch.ones(2))
except Exception as e:
    print(type(e).__name__, str(e).splitlines()[0])
