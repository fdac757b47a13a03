# In a frame, reading self.param_groups of any torch.optim.Optimizer (user subclasses too) makes each group's 'capturable' read True (OptimizerVariable._set_capturable sets it in the group VTs unconditionally), so `if capturable: assert p.is_cuda` raises during tracing: "Observed exception" and the frame falls back (from Liuhong99/Sophia sophia.py)
import torch
import torch.nn as nn

torch.manual_seed(0)
m = nn.Linear(8, 4)


class MyOpt(torch.optim.Optimizer):
    def __init__(self, params, lr=0.1, capturable=False):
        super().__init__(params, dict(lr=lr, capturable=capturable))

    @torch.no_grad()
    def step(self):
        for group in self.param_groups:
            for p in group["params"]:
                if group["capturable"]:
                    assert p.is_cuda
                p.add_(p.grad, alpha=-group["lr"])


opt = MyOpt(m.parameters())
m(torch.randn(5, 8)).sum().backward()
cstep = torch.compile(opt.step, backend="eager")
cstep()
cstep()
print(round(m.weight.sum().item(), 4))
