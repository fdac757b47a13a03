# A compiled function handed a view (_base): a Linear's output on a 3-D input (F.linear's fused path views the 2-D
# addmm result back), a transpose, a reshape of a contiguous tensor, a slice. Once a size is dynamic, the shape env
# guards the base's dynamic sizes too (`2 <= L['x']._base.size()[0]`), so a later call with a tensor that is no view
# recompiles with "'NoneType' object has no attribute 'size'" (from ddsp's scale_function). The reshape of a
# transposed tensor is a copy, no view; a Linear with no bias gives no view either.
import torch
import torch.nn as nn

torch.manual_seed(0)


@torch.compile(backend="eager")
def scale(x):
    return 2 * torch.sigmoid(x) + 1e-7


proj = nn.Linear(8, 5)
proj_nb = nn.Linear(8, 5, bias=False)
with torch.no_grad():
    for b in (2, 3):
        h = torch.randn(b, 7, 8)
        print(scale(proj(h)).shape)            # a view of a (b*7, 5) base
    print(scale(proj(h) - 1).shape)            # no view: the base guard raises
    print(scale(proj_nb(torch.randn(4, 7, 8))).shape)  # matmul's _unsafe_view: no view


@torch.compile(backend="eager")
def total(x):
    return x.sum(-1) * 3


base = torch.randn(6, 10)
print(total(base[:, :4]).shape)                # a slice
print(total(base[:, :5]).shape)                # another slice: dynamic
print(total(torch.randn(6, 9).t().reshape(3, 18)).shape)   # reshape of a transposed tensor: a copy
print(total(torch.randn(4, 9).reshape(6, 6)).shape)        # reshape of a contiguous tensor: a view
print(total(torch.randn(5, 7).t()).shape)                   # a transpose: a view
