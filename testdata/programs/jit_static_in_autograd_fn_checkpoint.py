# an autograd Function whose forward calls a @torch.jit.script staticmethod through its class (GB0007 there), kept
# as a module attribute (`self.fn = Ent.apply`) after a graph of two ops: the statement's checkpoint takes the
# reconstruction failure, Ent.forward runs eagerly as a frame, its resume saves for backward; three calls
import torch
import torch.nn as nn
torch.manual_seed(0)


class Ent(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        out = Ent._f(x)
        ctx.save_for_backward(out)
        return out

    @staticmethod
    @torch.jit.script
    def _f(x):
        return x * 2 + 1

    @staticmethod
    def backward(ctx, g):
        out, = ctx.saved_tensors
        return g * out


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)
        self.fn = Ent.apply

    def forward(self, x):
        h = self.lin(x).relu()
        y = self.fn(h)
        return y.sum()


m = torch.compile(M(), backend="eager")
for i in range(3):
    loss = m(torch.randn(2, 4))
    loss.backward()
    print(i, round(loss.item(), 4))
