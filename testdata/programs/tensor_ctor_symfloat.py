# torch.tensor([...]) whose list holds a SymFloat (CoTracker bilinear_sampler: 2 / max(size - 1, 1) for a
# dynamic size): real torch records the call as `torch._refs.tensor([0.5, truediv], device=...)`, not
# `torch.tensor(...)` (same op counts; the graph text differs).
import torch

@torch.compile(backend="eager")
def f(x):
    sizes = x.shape[:2]
    scale = torch.tensor([2 / max(s - 1, 1) for s in reversed(sizes)] + [0.5], device=x.device)
    return x[..., :3] * scale

print(f(torch.randn(4, 5, 3)).shape)
print(f(torch.randn(6, 7, 3)).shape)
