# Conv2d weight .grad follows the input's memory format: a channels_last-strided input (transpose + view) gives a channels_last weight grad ([C,1,3,3] strides [9,1,3,1]; [O,I,1,1] strides [I,1,I,I]) that a compiled optimizer step sees (from Shunted-Transformer SSA.py DWConv / local_conv)
import torch
import torch.nn as nn

torch.manual_seed(0)
dw = nn.Conv2d(8, 8, 3, padding=1, groups=8)
pw = nn.Conv2d(8, 8, 1)
x = torch.randn(2, 16, 8).transpose(1, 2).view(2, 8, 4, 4)   # B, N, C -> B, C, H, W (channels_last strides)
pw(dw(x)).sum().backward()
opt = torch.optim.AdamW(list(dw.parameters()) + list(pw.parameters()), lr=1e-3)


@torch.compile(backend="eager")
def sq(g1, g2):
    return g1 * g1, g2 * g2


a, b = sq(dw.weight.grad, pw.weight.grad)
print(a.stride(), b.stride())
torch.compile(opt.step, backend="eager")()
print(dw.weight.shape)
