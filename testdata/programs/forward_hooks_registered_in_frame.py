# Purpose: forward hooks registered on submodules and removed again inside the compiled function
# (FutureXiang/ddae's UNet.forward(ret_activation=True): register_forward_hook with a closure writing into a
# dict, RemovableHandle.remove()). tparse traces it with no graph break; check torch 2.11's breaks / frames.
import torch
from torch import nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.ModuleList([nn.Linear(8, 8) for _ in range(3)])

    def forward(self, x, ret_activation=False):
        if not ret_activation:
            return self.core(x)
        activation = {}

        def named_hook(name):
            def hook(module, input, output):
                activation[name] = output
            return hook
        hooks = {}
        for i, blk in enumerate(self.blocks):
            hooks[f"out_{i}"] = blk.register_forward_hook(named_hook(f"out_{i}"))
        result = self.core(x)
        for name in hooks:
            hooks[name].remove()
        return result, activation

    def core(self, x):
        for blk in self.blocks:
            x = torch.relu(blk(x))
        return x


torch.manual_seed(0)
net = Net()
f = torch.compile(net, backend="eager")
for bs in (2, 3):
    out, acts = f(torch.randn(bs, 8), ret_activation=True)
    print(bs, tuple(out.shape), sorted(acts), round(acts["out_1"].sum().item(), 3))
print(tuple(f(torch.randn(4, 8)).shape))
# last: the private hook dict, empty again after remove() (tparse's nn.Module lacked `_forward_hooks`)
print(len(net.blocks[0]._forward_hooks))
