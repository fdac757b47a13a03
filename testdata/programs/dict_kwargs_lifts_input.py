# `dict(c=z)` on a tensor argument makes torch lift z as a graph input right there; ours lifts it at its first tensor use (from mar models/diffloss.py `model_kwargs = dict(c=z)`)
import torch
import torch.nn as nn
torch.manual_seed(0)
net = nn.Linear(4, 4)
scale = torch.linspace(0.1, 1.0, 10)

def step(target, z):
    t = torch.randint(0, 10, (target.shape[0],))
    model_kwargs = dict(c=z)
    x_t = scale[t][:, None] * target
    return net(x_t) + model_kwargs["c"]

f = torch.compile(step, backend="eager")
print(f(torch.randn(3, 4), torch.randn(3, 4)).shape)
