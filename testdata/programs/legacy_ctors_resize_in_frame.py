# Three legacy forms in compiled code (from riannevdberg/sylvester-flows and JiaRenChang/PSMNet):
# Tensor.resize (deprecated, torch/_tensor.py) is a call_method node, no break; torch.Tensor (the class) of a traced
# int64 ndarray aliases it, an int64 node (no dtype error); torch.autograd.Variable breaks the graph (GB0007,
# _LegacyVariableBase.__new__) and the resume goes on
import numpy as np
import torch
from torch.autograd import Variable


class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = torch.nn.Linear(6, 12)

    def forward(self, x):
        h = self.fc(x).resize(x.size(0), 3, 4)
        disp = torch.Tensor(np.reshape(np.array(range(4)), [1, 1, 4]))
        h = Variable(h * disp)
        return h.sum(-1)


torch.manual_seed(0)
m = torch.compile(M(), backend="eager")
for _ in range(2):
    print(m(torch.randn(2, 6)).shape)
