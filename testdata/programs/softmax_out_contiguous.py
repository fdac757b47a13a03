# softmax (and log_softmax) output is always contiguous ([3, 2, 16] strides [32, 16, 1]), even on a permuted input; it does not keep the input's stride order (from CycleMLP cycle_mlp.py / VisionPermutator vip.py reweight: .reshape(B, C, 3).permute(2, 0, 1).softmax(dim=0))
import torch
import torch.nn as nn

torch.manual_seed(0)
fc = nn.Linear(16, 48)


def reweight(x):
    B, C = x.shape
    a = fc(x).reshape(B, C, 3).permute(2, 0, 1).softmax(dim=0).unsqueeze(2)
    b = fc(x).reshape(B, C, 3).permute(2, 0, 1).log_softmax(dim=0)
    return a[0] + a[1] + a[2], b


f = torch.compile(reweight, backend="eager")
out, b = f(torch.randn(2, 16))
print(out.shape, b.stride())
