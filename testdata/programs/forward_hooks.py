# Forward hooks and pre-hooks (transformers' capture_outputs collects hidden states with them; user code logs or
# rewrites outputs): nn.Module.__call__ runs each pre-hook, which may replace the arguments, then forward, then
# each hook, which may replace the output. Dynamo inlines them; a tensor a hook appends to a list made inside the
# frame is a graph output where the list is returned.
import torch
import torch.nn as nn


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(8, 8)

    def forward(self, x):
        return torch.relu(self.lin(x))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.ModuleList([Block() for _ in range(3)])
        self.collected = None
        for b in self.blocks:
            b.register_forward_hook(self.record)
        self.blocks[1].register_forward_pre_hook(lambda mod, args: (args[0] * 2,))
        handle = self.blocks[2].lin.register_forward_hook(lambda mod, args, out: out + 1)
        self.blocks[0].lin.register_forward_hook(lambda mod, args, out: out - 1)
        handle.remove()

    def record(self, module, args, output):
        if self.collected is not None:
            self.collected.append(output)

    def forward(self, x):
        self.collected = []
        for b in self.blocks:
            x = b(x)
        states = tuple(self.collected)
        self.collected = None
        return x, states


m = Net()
cm = torch.compile(m, backend="eager")
cm(torch.randn(2, 8))
