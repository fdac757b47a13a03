# A contiguous result (layer_norm) of a dim whose size is a product A*B gets stride C*Max(1, A*B) from its sizes, not a copy of the input's stride expression Max(1, A)*Max(1, B) (from Shunted-Transformer SSA.py Head: conv s2 -> conv k2 s2 -> flatten(2).transpose(1, 2) -> LayerNorm; second call with another image size, automatic dynamic H and W)
import torch
import torch.nn as nn

torch.manual_seed(0)
conv = nn.Conv2d(3, 8, 3, stride=2, padding=1)
conv2 = nn.Conv2d(8, 8, kernel_size=2, stride=2)
ln = nn.LayerNorm(8)


def embed(x):
    y = conv2(conv(x))
    y = y.flatten(2).transpose(1, 2)
    return ln(y)


f = torch.compile(embed, backend="eager")
print(f(torch.randn(2, 3, 32, 32)).shape)
print(f(torch.randn(2, 3, 48, 40)).shape)
