# A SymInt handed to a resume function at a break where nothing was traced (from c-swm's energy, recompiled for a
# dynamic batch): torch 2.11 compiled no graph there when the stack held the input's own size symbol (c-swm truth);
# here a local n = state.size(0) is live across the break. tparse predicts: 8 compiles, the recompiled forward a graph
# of no call returning s40 (to be checked against truth: does torch pass that graph to the backend?)
import torch
from torch import nn

torch.manual_seed(0)


class Energy(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(3, 3)
        self.sigma = 0.5

    def trans(self, s, a):
        idx = torch.nonzero(a >= 0)
        return self.lin(s)[idx[:, 0]]

    def forward(self, state, action, nxt):
        norm = 0.5 / (self.sigma ** 2)
        n = state.size(0)
        pred = self.trans(state, action)
        diff = state + pred - nxt
        return norm * diff.pow(2).sum(2).mean(1) / n


m = Energy()
f = torch.compile(m, backend="eager")
for b in (8, 6, 5):
    print(round(f(torch.randn(b, 4, 3), torch.arange(b), torch.randn(b, 4, 3)).sum().item(), 4))
