# torch.nn.utils.clip_grad_norm (the deprecated alias: typing_extensions' wrapper calls warnings.warn first) breaks the
# graph at the call (GB0007, `_warnings.warn`); the resume must rebuild the model.parameters() generator among its
# arguments, whose memo set was mutated: GB8335, and the resume function after the backward break is skipped from its
# start (from shariqiqbal2810's maddpg-pytorch MADDPG.update)
import torch

torch.manual_seed(0)

net = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.ReLU(), torch.nn.Linear(8, 1))
opt = torch.optim.Adam(net.parameters(), lr=1e-3)


@torch.compile(backend="eager")
def update(x, y):
    opt.zero_grad()
    loss = ((net(x) - y) ** 2).mean()
    loss.backward()
    torch.nn.utils.clip_grad_norm(net.parameters(), 0.5)
    opt.step()
    return loss.detach()


for _ in range(2):
    print(round(update(torch.randn(6, 4), torch.randn(6, 1)).item(), 4))
