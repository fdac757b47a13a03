# A view input's base, once its sizes are dynamic, is fakeified with symbolic sizes: its contiguous strides are
# expressions of them, and the shape env guards each (`q._base.stride()[0] == 16*q._base.size()[1]`) before the
# symbols' ranges. A Linear's output on a contiguous 3-D input is a view of the 2-D addmm result (at::linear's fused
# path), so the third call's q fails that guard: 16 != 16*16.
# Expected torch 2.11 behaviour (backend="eager"): 3 compiles of f; 0/2's reason
# "0/1: q._base.stride()[0] == 16*q._base.size()[1]  # (unknown source q._base.stride()[0], please file a bug)".
import torch

torch.manual_seed(0)
lin = torch.nn.Linear(16, 16)
conv = torch.nn.Conv1d(16, 16, 1)


def f(q):
    return q * 2


cf = torch.compile(f, backend="eager")
x1 = torch.randn(4, 16, 8)
cf(lin(conv(x1).transpose(1, 2)).view(4, 8, 2, 8))   # base (4, 8, 16): the Linear's input is no contiguous 3-D tensor
x2 = torch.randn(4, 16, 12)
cf(lin(conv(x2).transpose(1, 2)).view(4, 12, 2, 8))  # the view's and its base's size 1 change: dynamic
x3 = torch.randn(4, 16, 16)
print(cf(lin(x3).view(4, 16, 2, 8)).shape)           # base (64, 16): the fused path's 2-D result
