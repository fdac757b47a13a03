# torch.einsum with three operands asks opt_einsum for a contraction path from the operands' shapes as ints: under a
# dynamic batch every size symbol of them is specialized (a Mamba scan's `einsum('bld,bldn,bld->bldn', ...)`), so
# each new batch recompiles; two operands keep the batch symbolic.
import torch


def three(a, b, c):
    return torch.einsum("bld,bldn,bld->bldn", a, b, c).sum()


def two(a, b):
    return torch.einsum("bld,bldn->bldn", a, b).sum()


f3 = torch.compile(three, backend="eager")
f2 = torch.compile(two, backend="eager")
for B in (2, 3, 4, 5):
    a, b, c = torch.randn(B, 5, 4), torch.randn(B, 5, 4, 3), torch.randn(B, 5, 4)
    print(B, round(f3(a, b, c).item(), 3), round(f2(a, b).item(), 3))
