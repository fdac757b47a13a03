# probe: strides of keepdim reductions of a dynamic size (sum / amax / mean / std / norm): a kept dim's stride
import torch
torch.manual_seed(0)
w = torch.randn(8, 1, 6)


def f(x):
    y = torch.nn.functional.conv1d(x.unsqueeze(1), w, stride=3)
    return (y.sum(1, keepdim=True), y.amax(1, keepdim=True), y.mean(1, keepdim=True), y.std(1, keepdim=True),
            y.norm(dim=1, keepdim=True), y.max(1, keepdim=True)[0], y.logsumexp(1, keepdim=True))


g = torch.compile(f, backend="eager")
for T in (120, 96):
    print([o.stride() for o in g(torch.randn(2, T))])
