# avg_pool2d with kernel_size read from a strided conv's output size (RepVGG's squeeze-excite): the kernel is an
# int list, so the size expression is guarded to its value (Eq((((s0 - 1)//2)) + 1, 32)); a third image size
# whose pooled size differs recompiles
import torch
import torch.nn.functional as F

torch.manual_seed(0)
conv = torch.nn.Conv2d(3, 4, 3, stride=2, padding=1)


@torch.compile(backend="eager")
def f(x):
    y = conv(x)
    p = F.avg_pool2d(y, kernel_size=y.size(3))
    return y * p


with torch.no_grad():
    for s in (32, 64, 63, 48):
        print(f(torch.randn(2, 3, s, s)).shape)
