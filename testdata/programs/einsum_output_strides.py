# torch.einsum('b n d, b n e s -> b e s d') returns a contiguous [b, e, s, d] tensor (strides [512, 128, 32, 1]);
# ours gives [512, 4, 1, 16] (from soft-moe-pytorch soft_moe.py SoftMoE.forward; also 'b s d, b n s -> b n d')
import torch
torch.manual_seed(0)
@torch.compile(backend="eager")
def f(x, w, o, c):
    slots = torch.einsum('b n d, b n e s -> b e s d', x, w)
    out = torch.einsum('b s d, b n s -> b n d', o, c)
    return slots, out
a, b = f(torch.randn(2, 16, 32), torch.randn(2, 16, 4, 4), torch.randn(2, 16, 32), torch.randn(2, 16, 16))
print(a.stride(), b.stride())
