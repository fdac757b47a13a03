# np.prod of a plain int returns that int (np.int64) (from tianshou tianshou/utils/net/common.py Net.__init__: int(np.prod(action_shape)) with action_shape=3 / default 0)
import numpy as np
import torch

torch.manual_seed(0)

class Net(torch.nn.Module):
    def __init__(self, state_shape, action_shape=0):
        super().__init__()
        self.inp = int(np.prod(state_shape))
        self.out = int(np.prod(action_shape)) or 16
        self.lin = torch.nn.Linear(self.inp, self.out)
    def forward(self, x):
        return self.lin(x.flatten(1))

m = Net(4, 3)
print(m.inp, m.out, int(np.prod(0)), int(np.prod(())))
f = torch.compile(m, backend="eager")
print(f(torch.randn(2, 4)).shape)
