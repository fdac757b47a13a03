# contiguous strides under dynamic shapes are built right to left (stride[i] = stride[i+1]*size[i+1]), so sympy prints (32*X + 32)*(Y + 1), not 32*(X + 1)*(Y + 1) (from xcit xcit.py PositionalEncodingFourier)
import torch
torch.manual_seed(0)
conv = torch.nn.Conv2d(3, 8, 3, stride=8, padding=1)
def pos(x):
    p = conv(x)
    B, _, H, W = p.shape
    not_mask = torch.ones(B, H, W)
    y_embed = not_mask.cumsum(1, dtype=torch.float32)
    dim_t = torch.arange(32, dtype=torch.float32)
    return (y_embed[:, :, :, None] / dim_t).sin()
f = torch.compile(pos, backend="eager")
with torch.no_grad():
    print(f(torch.randn(2, 3, 32, 32)).shape)
    print(f(torch.randn(3, 3, 48, 40)).shape)
