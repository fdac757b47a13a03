# Adam over a plain list holding a bare leaf tensor (not a module parameter): torch's step graph reads it as L_self_param_groups_0_params_0_grad / self.self___param_groups_0__params___0; tparse names the sources L_tmpN_ (from minimalRL sac.py log_alpha_optimizer)
import torch

torch.manual_seed(0)
log_alpha = torch.tensor(-4.6)
log_alpha.requires_grad = True
opt = torch.optim.Adam([log_alpha], lr=1e-3)


def step(lp):
    opt.zero_grad()
    loss = -(log_alpha.exp() * (lp - 1.0).detach()).mean()
    loss.backward()
    opt.step()


f = torch.compile(step, backend="eager")
for _ in range(2):
    f(torch.randn(4, 1))
print(round(log_alpha.item(), 4))
