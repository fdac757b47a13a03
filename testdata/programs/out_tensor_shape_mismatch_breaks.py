# An `out=` tensor whose shape is not the result's (Sentence-VAE's `torch.arange(0, n, out=self.tensor())` into an
# empty float tensor): Dynamo traces the op, then refuses the resize (variables/torch.py, GB0247 "Shape mismatch with
# out= tensor variant"), a break at the call, which runs eagerly; the result has the out tensor's dtype (float32). An
# `out=` of the result's own shape traces on.
# torch 2.11 (device truth): 2 GB0247 breaks (arange, ones); the second resume fails at `torch.add(y, 1, out=buf)`, y requiring grad:
# "add(): functions with out=... arguments don't support automatic differentiation", a TorchRuntimeError raised to the caller.
import torch


class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(4, 4)
        self.tensor = torch.Tensor

    def forward(self, x):
        n = x.size(0)
        idx = torch.arange(0, n, out=self.tensor()).long()
        mask = torch.ones(n, out=self.tensor()).bool()
        y = self.lin(x)
        buf = torch.empty_like(y)
        torch.add(y, 1, out=buf)
        return buf[idx].sum() + mask.sum()


torch.manual_seed(0)
m = M()
f = torch.compile(m, backend="eager")
print(round(f(torch.randn(4, 4)).item(), 4))
print(round(f(torch.randn(5, 4)).item(), 4))
