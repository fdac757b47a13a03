# torch.var(x, dim=1, keepdim=True) keeps the reduce-then-unsqueeze stride K (not Max(1, K)) for the kept dim under a dynamic length (from Conv-TasNet src/conv_tasnet.py ChannelwiseLayerNorm)
import torch

torch.manual_seed(0)


w = torch.randn(8, 1, 6)


def cln(x):
    y = torch.nn.functional.conv1d(x.unsqueeze(1), w, stride=3)  # length T//3 - 1: may be 0, so Max(1, .) stays
    mean = torch.mean(y, dim=1, keepdim=True)
    var = torch.var(y, dim=1, keepdim=True, unbiased=False)
    return (y - mean) / torch.pow(var + 1e-8, 0.5)


f = torch.compile(cln, backend="eager")
for T in (120, 96):
    print(f(torch.randn(2, T)).shape)
# torch (dynamic compile): var f32[2, 1, (s//3) - 1][Max(1, (s//3) - 1), (s//3) - 1, 1]; tparse: [Max(1, ..), Max(1, ..), 1]
