# torch.inverse(W.float()).to(dtype) in a compiled forward (InvConvNear reverse): torch puts torch.inverse in the graph; tparse reports "unsupported tensor operation 'torch.inverse'" (from glow-tts modules.py InvConvNear)
import torch
import torch.nn.functional as F
torch.manual_seed(0)
w = torch.linalg.qr(torch.randn(4, 4))[0]


@torch.compile(backend="eager")
def inv_conv(x, w):
    weight = torch.inverse(w.float()).to(dtype=w.dtype)
    return F.conv2d(x, weight.view(4, 4, 1, 1))


print(inv_conv(torch.randn(2, 4, 3, 5), w).shape)
