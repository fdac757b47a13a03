# p.grad read into a local (then `is None` check) before a state tensor is used: torch makes the grad's graph input at the read, so the inputs go grad_i, mu_i (from facebookresearch/vicreg main_vicreg.py LARS.step)
import torch

torch.manual_seed(0)
params = [torch.nn.Parameter(torch.randn(3)), torch.nn.Parameter(torch.randn(4))]
for p in params:
    p.grad = torch.randn_like(p)
state = {p: torch.zeros_like(p) for p in params}


@torch.compile(backend="eager")
def step():
    with torch.no_grad():
        for p in params:
            dp = p.grad
            if dp is None:
                continue
            mu = state[p]
            mu.mul_(0.9).add_(dp)
            p.add_(mu, alpha=-0.1)


step()
print(params[0].sum().item() != 0)
