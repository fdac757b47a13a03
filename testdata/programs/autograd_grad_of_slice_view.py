# Purpose: torch.autograd.grad w.r.t. a slice view of a wider point cloud (pts[:, :3] of (N, 6)) inside a compiled
# function: the gradient handed to the resume is contiguous (stride 3), so a second size recompiles the resume once
# (IGR's gradient()); a third size with another base width fails the view's stride first
import torch

net = torch.nn.Sequential(torch.nn.Linear(3, 16), torch.nn.Softplus(beta=100), torch.nn.Linear(16, 1))


def gradient(inputs, outputs):
    d = torch.ones_like(outputs)
    g = torch.autograd.grad(outputs=outputs, inputs=inputs, grad_outputs=d, create_graph=True, retain_graph=True)[0][:, -3:]
    return g


@torch.compile(backend="eager")
def step(pts):
    pred = net(pts)
    g = gradient(pts, pred)
    return pred.abs().mean() + ((g.norm(2, dim=-1) - 1) ** 2).mean()


for n, w in [(64, 6), (72, 6), (96, 6), (96, 3)]:
    base = torch.randn(n, w)
    pts = base[:, :3].requires_grad_()
    print(n, w, round(step(pts).item(), 4))
