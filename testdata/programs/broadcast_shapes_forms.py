# Pins: torch.broadcast_shapes inside compiled code (MultivariateNormal's batch shape, einops-style helpers).
# Dynamo 2.11 keeps the call as a node whose value is the torch.Size; an op given that Size takes the node when the
# shapes are dynamic; `size += (...)` in a frame is a plain tuple (Dynamo's tuple +=), `size + (...)` a torch.Size.
import torch


@torch.compile(backend="eager")
def f(a, b):
    batch = torch.broadcast_shapes(a.shape[:-1], b.shape[:-1], (1,))
    out = a.expand(batch + (-1,)) + b.expand(batch + (-1,))
    s = out.shape[:1]
    s += (2, -1)
    return out.reshape(s), batch


for n in (4, 6):
    r, batch = f(torch.randn(n, 1, 4), torch.randn(1, 3, 4))
    print(r.shape, batch, type(batch).__name__)
