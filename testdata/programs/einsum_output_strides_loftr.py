# einsum results keep the layout of the bmm they come from (permuted, not contiguous), and size-1 dims keep torch's strides (from LoFTR loftr_module/linear_attention.py)
import torch
torch.manual_seed(0)
@torch.compile(backend="eager")
def f(Q, K, V):
    KV = torch.einsum("nshd,nshv->nhdv", K, V)
    Z = 1 / (torch.einsum("nlhd,nhd->nlh", Q, K.sum(dim=1)) + 1e-6)
    out = torch.einsum("nlhd,nhdv,nlh->nlhv", Q, KV, Z)
    return out * 2, Z * 2
a, b = f(torch.rand(1, 64, 4, 8), torch.rand(1, 64, 4, 8), torch.rand(1, 64, 4, 8))
print(a.stride(), b.stride())   # torch graph: Z [64, 1, 64], out [512, 8, 512, 1]
