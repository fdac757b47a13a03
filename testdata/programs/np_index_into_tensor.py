# Pins: a torch tensor indexed / index-assigned with numpy integer arrays (np.tril_indices / np.triu_indices /
# np.diag_indices kept on the module), as nflows' LULinear._create_lower_upper does inside a compiled forward and
# eagerly. tparse stops: "unsupported index type numpy.tril_indices()[]". torch accepts ndarray indices (eager:
# converted to LongTensor; Dynamo: the ndarray attribute becomes a constant/tensor index).
import numpy as np
import torch
from torch import nn


class LU(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.n = n
        self.lower_indices = np.tril_indices(n, k=-1)
        self.diag_indices = np.diag_indices(n)
        self.lower_entries = nn.Parameter(torch.randn(n * (n - 1) // 2))

    def forward(self, x):
        lower = self.lower_entries.new_zeros(self.n, self.n)
        lower[self.lower_indices[0], self.lower_indices[1]] = self.lower_entries
        lower[self.diag_indices[0], self.diag_indices[1]] = 1.0
        return x @ lower.t()


torch.manual_seed(0)
m = LU(4)
print(m(torch.randn(2, 4)).shape)  # eager
cm = torch.compile(m, backend="eager")
print(cm(torch.randn(2, 4)).shape, cm(torch.randn(5, 4)).shape)
