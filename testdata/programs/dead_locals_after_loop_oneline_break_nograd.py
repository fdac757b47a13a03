# Locals dead after a graph break (nothing reads them later) are not graph outputs, also when the break follows a loop on a one-line `if` (from davda54/sam sam.py first_step: `if zero_grad: self.zero_grad()`) [under torch.no_grad(), as optimizers step]
import torch

torch.manual_seed(0)
m = torch.nn.Linear(3, 2)
opt = torch.optim.SGD(m.parameters(), lr=0.1)
m(torch.randn(4, 3)).sum().backward()


@torch.no_grad()
def first_step(rho, zero_grad=False):
    grad_norm = torch.stack([p.grad.norm() for p in m.parameters()]).norm()
    for group in opt.param_groups:
        scale = rho / (grad_norm + 1e-12)
        for p in group["params"]:
            e_w = p.grad * scale.to(p)
            p.add_(e_w)
    if zero_grad: opt.zero_grad()


torch.compile(first_step, backend="eager")(0.05, zero_grad=True)
print(round(m.weight.sum().item(), 4))
