# A 0-d tensor as a list slice bound (dino's MultiCropWrapper: `x[start_idx:end_idx]`, the end from torch.cumsum):
# Python calls its __index__ eagerly; inside a compiled frame the bound is data
import torch

torch.manual_seed(0)
xs = [torch.randn(2, 8), torch.randn(2, 8), torch.randn(2, 4)]
end = torch.tensor(2)
assert torch.cat(xs[0:end]).shape == (4, 8)
assert len(xs[end:]) == 1 and len(xs[:torch.tensor(1)]) == 1


@torch.compile(backend="eager")
def f(parts, n):
    y = parts[0] * 2
    return torch.cat(parts[0:n]).sum(0) + y.sum(0)


f(xs, torch.tensor(2))
