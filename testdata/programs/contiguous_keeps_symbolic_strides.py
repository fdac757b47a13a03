# .contiguous() of an already-contiguous view keeps the input's symbolic strides in torch (Max(1, a*b)); ours recomputes them as Max(1, a)*Max(1, b) (from VAR models/basic_vae.py AttnBlock `h.view(B, C, H, W).contiguous()`)
import torch
import torch.nn.functional as F
torch.manual_seed(0)

def attn(x):
    y = F.avg_pool2d(x, 4)                          # sizes (s//4): strides carry Max(1, ...)
    B, C, H, W = y.shape
    v = y.view(B, C, H * W).contiguous()
    w = torch.softmax(torch.bmm(v.permute(0, 2, 1), v), dim=2)
    h = torch.bmm(v, w)                             # [B, C, HW], strides [C*Max(1, HW), Max(1, HW), 1]
    return h.view(B, C, H, W).contiguous() + 1

f = torch.compile(attn, backend="eager")
print(f(torch.randn(2, 8, 16, 16)).shape)
print(f(torch.randn(2, 8, 24, 32)).shape)
