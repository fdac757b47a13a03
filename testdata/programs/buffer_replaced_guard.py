# a user module's buffer replaced between calls (a new dtype, then a new size): Dynamo guards it like a parameter
# (TENSOR_MATCH on L['self']._buffers['b'] of the live module), so each replacement recompiles
import torch
from torch import nn
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("b", torch.zeros(4))
    def forward(self, x):
        return x[:, :self.b.shape[0]] * self.b
m = M()
cm = torch.compile(m, backend="eager")
cm(torch.randn(2, 8))
m.b = torch.zeros(4).double()
cm(torch.randn(2, 8).double())
m.register_buffer("b", torch.zeros(6).double())
cm(torch.randn(2, 8).double())
