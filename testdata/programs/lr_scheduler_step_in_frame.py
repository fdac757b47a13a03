import torch
m = torch.nn.Linear(4, 2)
opt = torch.optim.SGD(m.parameters(), lr=0.1)
sched = torch.optim.lr_scheduler.StepLR(opt, step_size=2, gamma=0.5)

@torch.compile(backend="eager")
def f(x):
    y = m(x).sum()
    sched.step()
    return y * 2

for i in range(3):
    print(f(torch.randn(3, 4)).item() != 0, sched.get_last_lr())
