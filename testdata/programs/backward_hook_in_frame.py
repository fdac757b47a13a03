# A module with a legacy (non-full) backward hook, called inside a compiled frame: nn.Module._call_impl reads its
# output's grad_fn to hang the hook there, and Dynamo cannot trace a tensor's grad_fn (GB0104 "Tensor with
# grad_fn()"). With grad on, the frame restarts and breaks at the outermost call; the rest of the frame resumes.
# Under no_grad the output has no grad_fn and the hooked call is traced (wavenet_vocoder's Conv1d).
import torch
from torch import nn


class HookedConv(nn.Conv1d):
    def __init__(self, *a, **k):
        super().__init__(*a, **k)
        self.calls = 0
        self.register_backward_hook(self._count)

    def _count(self, module, grad_in, grad_out):
        self.calls += 1


net = nn.Sequential(HookedConv(2, 4, 3, padding=1), nn.ReLU(), HookedConv(4, 2, 1))


@torch.compile(backend="eager")
def f(x):
    y = net(x)
    return y.tanh() + 1


for t in (8, 12):
    f(torch.randn(2, 2, t)).sum().backward()
with torch.no_grad():
    print(f(torch.randn(2, 2, 16)).shape)
print(net[0].calls, net[2].calls)
