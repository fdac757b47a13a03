# Tensor.type() with no argument returns a string ('torch.FloatTensor'); Tensor.type(str) converts (YOLOX head
# passes xin[0].type() as dtype). Real torch constant-folds the string; the graph has .type('torch.FloatTensor').
import torch

@torch.compile(backend="eager")
def f(x, g):
    dtype = x.type()
    grid = torch.stack(torch.meshgrid([torch.arange(g.shape[0]), torch.arange(g.shape[1])], indexing="ij"), 2)
    return x.sum() + grid.type(dtype).sum(), dtype

print(f(torch.randn(2, 3), torch.randn(4, 5))[1])
print(f(torch.randn(3, 3), torch.randn(6, 5))[1])
