# sympy printing: a FloorDiv used as a divisor prints with double parens, x//((s//8)), and Mul orders ((s//8))*(...) first (from facebookresearch/TimeSformer vit.py pos_embed resize)
import torch
import torch.nn.functional as F

torch.manual_seed(0)


@torch.compile(backend="eager")
def f(x, img):
    W = img.size(-1) // 8
    H = (x.size(1) + 1) // W
    p = torch.randn(1, 4, 2, 2)
    return F.interpolate(p, size=(H, W), mode="nearest").flatten(2)


print(f(torch.randn(2, 16, 4), torch.randn(1, 32)).shape)
print(f(torch.randn(2, 35, 4), torch.randn(1, 48)).shape)
