# nn.MaxUnpool1d / 2d and F.max_unpool2d after max pools with return_indices, with and without output_size (a
# Size), on growing square inputs (static, then dynamic)
import torch
import torch.nn as nn
import torch.nn.functional as F
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.pool = nn.MaxPool2d(2, return_indices=True)
        self.unpool = nn.MaxUnpool2d(kernel_size=2)
        self.u1 = nn.MaxUnpool1d(2, stride=2)
    def forward(self, x):
        y, i = self.pool(x)
        a = self.unpool(y, i, output_size=x.size())
        b = self.unpool(y, i)
        p, j = F.max_pool1d(x.flatten(2), 2, return_indices=True)
        c = self.u1(p, j)
        d = F.max_unpool2d(y, i, 2)
        return a + b + d, c
m = torch.compile(M(), backend="eager")
for n in (8, 10, 12):
    r = m(torch.randn(2, 3, n, n))
    print(r[0].shape, r[1].shape)
print(nn.MaxUnpool2d(2))
