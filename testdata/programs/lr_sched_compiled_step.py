# torch.compile(opt.step) after an lr scheduler wrapped the step (functools.wraps, a skipped file): GB0007 in inner, then the optimizer's frames
import torch
m = torch.nn.Linear(4, 2)
opt = torch.optim.Adam(m.parameters(), lr=1e-3)
sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=1e-2, total_steps=10)
step = torch.compile(opt.step, backend="eager")
for _ in range(4):
    m(torch.randn(2, 4)).sum().backward()
    step()
    sched.step()
    opt.zero_grad()
