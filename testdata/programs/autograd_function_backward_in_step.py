# A torch.autograd.Function in a compiled training step (Dynamo traces forward and backward into the graph as one
# higher-order op) next to the same Function applied eagerly before the compile: which backward runs as a Python frame
# under the eval_frame callback in the step's eager loss.backward()
import torch


class Scale(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, s):
        ctx.s = s
        return x * s

    @staticmethod
    def backward(ctx, g):
        return g * ctx.s, None


torch.manual_seed(0)
lin = torch.nn.Linear(4, 4)
opt = torch.optim.SGD(lin.parameters(), lr=0.01)


@torch.compile(backend="eager")
def step(x):
    loss = Scale.apply(lin(x), 2.0).square().mean()
    loss.backward()
    opt.step()
    opt.zero_grad()
    return loss


for n in (2, 3):
    print(n, round(step(torch.randn(n, 4)).item(), 4))
