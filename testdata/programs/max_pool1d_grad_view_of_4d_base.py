# The 1-d pools run their 2-d kernel on `x.unsqueeze(-2)` and squeeze the output back: a view of a 4-D (N, C, 1, L)
# base. max_pool1d takes that path only for an input that needs grad with grad mode on (max_pool1d_with_indices); under
# no_grad max_pool1d_impl makes a plain 3-D tensor. A compiled frame given the pooled output (transposed) sees a 4-D base
# first, then a 3-D one: a dimensionality change makes every base dim dynamic and guarded, so a later input that is no
# view fails on its missing base.
# Expected torch 2.11 behaviour (backend="eager"): 3 compiles of f (0/1 grad_mode; 0/2 reason
# "0/1: 'NoneType' object has no attribute 'stride'").
import torch

torch.manual_seed(0)
pool = torch.nn.MaxPool1d(kernel_size=3, stride=2, padding=1)


def f(x):
    return x * 2


cf = torch.compile(f, backend="eager")
a = torch.randn(4, 16, 24, requires_grad=True)
cf(pool(a).transpose(1, 2))
with torch.no_grad():
    cf(pool(a).transpose(1, 2))
    y = torch.randn(4, 16, 12).transpose(1, 2) + 0
    print(cf(y).shape)
