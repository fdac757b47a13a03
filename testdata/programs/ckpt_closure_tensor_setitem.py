# Pins: in-place setitem on a tensor created outside a torch.utils.checkpoint region, done inside it
# (ttt-lm-pytorch's scan(): `out[i] = y` on the preallocated XQW_batch inside checkpoint(scan_fn, ...)).
# Real torch 2.11 decides whether the checkpoint body may mutate a lifted free tensor (HOP input mutation).
import torch
from torch.utils.checkpoint import checkpoint


def f(x, w):
    out = torch.empty(3, *x.shape)

    def scan_fn(carry, i0, i1):
        for i in range(i0, i1):
            carry = torch.tanh(carry @ w)
            out[i] = carry
        return carry

    carry = checkpoint(scan_fn, x, 0, 2, use_reentrant=False)
    carry = checkpoint(scan_fn, carry, 2, 3, use_reentrant=False)
    return out.sum() + carry.sum()


torch.manual_seed(0)
cf = torch.compile(f, backend="eager")
w = torch.randn(8, 8, requires_grad=True)
cf(torch.randn(4, 8), w).backward()
cf(torch.randn(5, 8), w).backward()
print("ok", w.grad.shape)
