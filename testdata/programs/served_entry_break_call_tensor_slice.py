# a frame served from its cache calls the callee its graph ended at as it is, even when the break inside that callee
# is one only tracing raises (a tensor as a slice bound): the second module's forward is a frame of its own and
# recompiles for its constant (from transformers' Aria MoE: `token_states[start:end]` under GradientCheckpointingLayer)
import torch


class Blk(torch.nn.Module):
    def __init__(self, k):
        super().__init__()
        self.lin = torch.nn.Linear(8, 8)
        self.k = k

    def forward(self, x, n):
        h = self.lin(x) * self.k
        return h[:n]


@torch.compile(backend="eager")
def step(blk, x, n):
    return blk(x, n)


torch.manual_seed(0)
a, b = Blk(1), Blk(2)
x = torch.randn(4, 8)
n = torch.tensor(3)
print(tuple(step(a, x, n).shape))
print(tuple(step(b, x, n).shape))
