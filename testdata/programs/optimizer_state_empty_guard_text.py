# recompile when optimizer.state goes from empty to filled: torch's reason is `not G['opt'].state  # state = self.state[p]  # <file>:<line> in step`; tparse prints `len(G['opt'].state) == 0` without the source line (from Muon muon.py / GaLore adamw.py)
import torch
torch.manual_seed(0)

class Opt(torch.optim.Optimizer):
    def __init__(self, params):
        super().__init__(params, dict(lr=0.1))

    @torch.no_grad()
    def step(self):
        for group in self.param_groups:
            for p in group["params"]:
                state = self.state[p]
                if len(state) == 0:
                    state["buf"] = torch.zeros_like(p)
                state["buf"].add_(p.grad)
                p.add_(state["buf"], alpha=-group["lr"])

w = torch.nn.Parameter(torch.randn(4))
w.grad = torch.ones(4)
opt = Opt([w])

@torch.compile(backend="eager")
def f():
    opt.step()

for i in range(2):
    f()
    print(i, w.sum().item())
