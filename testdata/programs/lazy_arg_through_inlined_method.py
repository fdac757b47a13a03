# A frame argument passed into an inlined user function / method stays lazy: it becomes a placeholder only where an op
# first reads it, after the parameters of the Linear that reads it (from TD7 TD7.py: enc.zs(state) then actor(...))
import torch
from torch import nn
torch.manual_seed(0)
class Enc(nn.Module):
    def __init__(self):
        super().__init__()
        self.l1 = nn.Linear(5, 4)
    def zs(self, s):
        return torch.relu(self.l1(s))
enc = Enc()
lin = nn.Linear(5, 4)
def helper(s):
    return torch.relu(lin(s))
@torch.compile(backend="eager")
def f(state):
    return enc.zs(state)          # torch: G_enc_..weight, G_enc_..bias, L_state_ (ours: L_state_ first)
@torch.compile(backend="eager")
def g(state):
    return helper(state)          # expected the same rule for a plain helper function
print(f(torch.randn(2, 5)).shape, g(torch.randn(2, 5)).shape)
