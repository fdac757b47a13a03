# RepVGG SE block after a stride-2 conv: F.avg_pool2d(y, kernel_size=y.size(3)) then .view(-1, C, 1, 1).
# After the size change (32 -> 64) real torch keeps the batch dim 2 (the pooled dims are guarded to 1 and the
# view output keeps [2, C, ...]); later out.view(out.size(0), -1) is view(2, -1)
import torch
import torch.nn.functional as F

torch.manual_seed(0)
conv = torch.nn.Conv2d(3, 4, 3, stride=2, padding=1)


@torch.compile(backend="eager")
def f(x):
    y = conv(x)
    p = F.avg_pool2d(y, kernel_size=y.size(3))
    p = p.view(-1, 4, 1, 1)
    out = F.adaptive_avg_pool2d(y * p, 1)
    return out.view(out.size(0), -1)


with torch.no_grad():
    for s in (32, 64):
        print(f(torch.randn(2, 3, s, s)).shape)
