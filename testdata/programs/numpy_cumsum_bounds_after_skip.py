# np.cumsum([0] + lengths) in a frame that is skipped (a data-dependent slice bound in its loop): the frame runs again
# eagerly from its start and the slice bounds are numpy values known there (pytorch-ntm's _split_cols)
import torch
import numpy as np

def _split_cols(mat, lengths):
    assert mat.size()[1] == sum(lengths), "Lengths must be summed to num columns"
    l = np.cumsum([0] + lengths)
    results = []
    for s, e in zip(l[:-1], l[1:]):
        results += [mat[:, s:e]]
    return results

class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = torch.nn.Linear(4, 8)
        self.lengths = [3, 1, 4]
    def forward(self, x):
        o = self.fc(x)
        a, b, c = _split_cols(o, self.lengths)
        return a.sum() + b.sum() * c.sum()

m = M()
f = torch.compile(m, backend="eager")
print(f(torch.randn(2, 4)).shape)
print(f(torch.randn(2, 4)).shape)
