# Purpose: IGR's gradient() = torch.autograd.grad(create_graph=True) inside a compiled training step. The call
# graph-breaks; when it then runs eagerly, which Python frames reach Dynamo's callback (tparse hands typing.cast
# to Dynamo as a compile with no graph and skips the other typing.py frames)? Compare frames.total and compiles.
import torch
from torch.autograd import grad

net = torch.nn.Sequential(torch.nn.Linear(3, 16), torch.nn.Softplus(beta=100), torch.nn.Linear(16, 1))


def gradient(inputs, outputs):
    d_points = torch.ones_like(outputs, requires_grad=False, device=outputs.device)
    return grad(outputs=outputs, inputs=inputs, grad_outputs=d_points, create_graph=True, retain_graph=True,
                only_inputs=True)[0][:, -3:]


@torch.compile(backend="eager")
def step(p):
    pred = net(p)
    g = gradient(p, pred)
    return pred.abs().mean() + ((g.norm(2, dim=-1) - 1) ** 2).mean()


for n in (16, 24):
    loss = step(torch.randn(n, 3).requires_grad_())
    loss.backward()
    print(n, round(loss.item(), 4))
