# Purpose: torch.Tensor(seq) of a sourced tuple whose int items change across calls (a legacy constructor like
# torch.LongTensor: do its items turn dynamic, then specialize?)
import torch

def loss(x, batch):
    obs, options = batch
    o = torch.Tensor(options)
    return (x[: len(options)] * o).sum()

c = torch.compile(loss, backend="eager")
x = torch.randn(4)
for opts in [(0, 1, 2, 0), (1, 1, 2, 0), (1, 0, 2, 1), (2, 0, 1, 1)]:
    print(c(x, (x, opts)).item())
