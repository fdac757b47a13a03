# The recompile reason is the first failing guard in guard order: `not ___dict_contains('k', self.state)` (DICT_CONTAINS comes before DICT_LENGTH `not self.state`) (from facebookresearch/madgrad madgrad.py: `if 'k' not in self.state: self.state['k'] = ...` in an Optimizer subclass, opt.step compiled) [under torch.no_grad(), as optimizers step]
import torch
import torch.nn as nn

torch.manual_seed(0)
m = nn.Linear(8, 4)


class MyOpt(torch.optim.Optimizer):
    def __init__(self, params, lr=0.1):
        super().__init__(params, dict(lr=lr))

    @torch.no_grad()
    def step(self):
        if "k" not in self.state:
            self.state["k"] = torch.tensor([0], dtype=torch.long)
        k = self.state["k"].item()
        for group in self.param_groups:
            for p in group["params"]:
                state = self.state[p]
                if "buf" not in state:
                    state["buf"] = torch.zeros_like(p)
                state["buf"].add_(p.grad, alpha=k + 1)
                p.add_(state["buf"], alpha=-group["lr"])
        self.state["k"] += 1


opt = MyOpt(m.parameters())
m(torch.randn(5, 8)).sum().backward()
f = torch.compile(opt.step, backend="eager")
for i in range(3):
    f()
print(round(m.weight.sum().item(), 4))
