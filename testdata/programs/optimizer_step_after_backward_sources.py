# optimizer.step() after loss.backward() in a compiled fn (global model + global custom Optimizer): torch reads params as get_attr self.opt___param_groups_0__params___0 and grads as placeholders G_opt_param_groups_0_params_0_grad (from Muon muon.py SingleDeviceMuonWithAuxAdam)
import torch
torch.manual_seed(0)

class Opt(torch.optim.Optimizer):
    def __init__(self, params):
        super().__init__(params, dict(lr=0.1))

    @torch.no_grad()
    def step(self):
        for group in self.param_groups:
            for p in group["params"]:
                if p.grad is None:
                    p.grad = torch.zeros_like(p)
                state = self.state[p]
                if len(state) == 0:
                    state["buf"] = torch.zeros_like(p)
                state["buf"].lerp_(p.grad, 0.1)
                p.add_(state["buf"], alpha=-group["lr"])

m = torch.nn.Linear(4, 3)
opt = Opt(list(m.parameters()))

@torch.compile(backend="eager")
def train_step(x):
    loss = m(x).square().mean()
    loss.backward()
    opt.step()
    return loss

for i in range(2):
    print(i, round(train_step(torch.randn(2, 4)).item(), 4))
