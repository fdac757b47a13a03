# Pins: torch.autograd.grad called with every argument by keyword inside a compiled function (WGAN-GP's gradient
# penalty: `autograd.grad(outputs=..., inputs=..., grad_outputs=..., create_graph=True, ...)`). The call breaks the
# graph (GB9186) and runs eagerly, where autograd's entry calls typing.cast on the outputs: a frame handed to Dynamo.
import torch
from torch import autograd, nn

torch.manual_seed(0)
netD = nn.Sequential(nn.Linear(2, 8), nn.ReLU(), nn.Linear(8, 1))


@torch.compile(backend="eager")
def penalty(real, fake):
    alpha = torch.rand(real.shape[0], 1).expand(real.size())
    x = autograd.Variable(alpha * real + (1 - alpha) * fake, requires_grad=True)
    out = netD(x)
    g = autograd.grad(outputs=out, inputs=x, grad_outputs=torch.ones(out.size()), create_graph=True,
                      retain_graph=True, only_inputs=True)[0]
    return ((g.norm(2, dim=1) - 1) ** 2).mean() * 10


for step in range(2):
    p = penalty(torch.randn(4, 2), torch.randn(4, 2))
    p.backward()
    print(step, p.shape, p.requires_grad)
