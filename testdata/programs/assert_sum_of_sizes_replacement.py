# A crystal-graph pooling (CGCNN) that asserts the per-crystal index lists cover the whole batch:
# `sum(len(m) for m in idx) == x.shape[0]`. Once the sizes are dynamic the assert decides Eq(s27, s42 + s49 + s83 + 7)
# (one list keeps a static size), which ShapeEnv solves for the symbol of the largest hint: x's rows print as the
# sum from then on and its own symbol goes. Three batches of different crystal sizes.
import torch


class Pool(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(6, 4)

    def forward(self, x, idx):
        assert sum([len(m) for m in idx]) == x.data.shape[0]
        h = self.lin(x)
        pooled = [torch.mean(h[m], dim=0, keepdim=True) for m in idx]
        return torch.cat(pooled, dim=0)


def batch(sizes):
    idx, base = [], 0
    for n in sizes:
        idx.append(torch.arange(base, base + n))
        base += n
    return torch.randn(base, 6), idx


m = torch.compile(Pool(), backend="eager")
for sizes in ((7, 5, 6, 4), (7, 8, 3, 9), (7, 4, 4, 5)):
    x, idx = batch(sizes)
    print(sizes, tuple(m(x, idx).shape))
