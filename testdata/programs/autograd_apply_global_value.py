# an autograd Function's apply kept in a global (`sq = Sq.apply`) and called in the frame: as a module attribute it is a
# bound classmethod Dynamo inlines and cannot rebuild (GB0092, the frame fails); through a GlobalSource it may be
# rebuildable (an ordinary break at the call). tparse treats it as the HOP today; truth decides
import torch
import torch.nn as nn

class Sq(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * x
    @staticmethod
    def backward(ctx, g):
        x, = ctx.saved_tensors
        return 2 * x * g

sq = Sq.apply

class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)
    def forward(self, x):
        return sq(self.lin(x)).sum()

m = torch.compile(M(), backend='eager')
m(torch.randn(2, 4)).backward()
