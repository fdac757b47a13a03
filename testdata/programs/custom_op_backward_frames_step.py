# A custom op's Python backward (torch.library.custom_op + register_autograd) in a compiled training step: the step
# breaks at loss.backward() and the eager backward runs under the eval_frame callback, so each call of the backward
# function is a frame handed to Dynamo (transformers' integrations/moe.py _grouped_mm_fallback_backward): a graph of
# the zeros_like, a data-dependent break at offs.tolist(), a resume function that unrolls the loop; the second op's
# weight has another shape (a recompile), the second step another token count (automatic dynamic)
import torch


@torch.library.custom_op("tparse_test::gmm", mutates_args=())
def gmm(x: torch.Tensor, w: torch.Tensor, offs: torch.Tensor) -> torch.Tensor:
    out = torch.zeros(x.size(0), w.size(2), dtype=x.dtype)
    start = 0
    for i, end in enumerate(offs.tolist()):
        if start == end:
            continue
        torch.mm(x[start:end], w[i], out=out[start:end])
        start = end
    return out


@gmm.register_fake
def _(x, w, offs):
    return torch.empty(x.size(0), w.size(2), dtype=x.dtype)


def _setup(ctx, inputs, output):
    ctx.save_for_backward(inputs[0], inputs[1])
    ctx.offs = inputs[2]


def _bwd(ctx, g):
    x, w = ctx.saved_tensors
    gx = torch.zeros_like(x)
    gw = torch.zeros_like(w)
    start = 0
    for i, end in enumerate(ctx.offs.tolist()):
        if start == end:
            continue
        torch.mm(g[start:end], w[i].T, out=gx[start:end])
        torch.mm(x[start:end].T, g[start:end], out=gw[i])
        start = end
    return gx, gw, None


gmm.register_autograd(_bwd, setup_context=_setup)


class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.up = torch.nn.Parameter(torch.randn(3, 8, 16) * 0.1)
        self.down = torch.nn.Parameter(torch.randn(3, 16, 8) * 0.1)

    def forward(self, x, offs):
        h = gmm(x, self.up, offs).relu()
        return gmm(h, self.down, offs)


torch.manual_seed(0)
m = M()
opt = torch.optim.SGD(m.parameters(), lr=0.01)


@torch.compile(backend="eager")
def step(x, offs):
    loss = m(x, offs).square().mean()
    loss.backward()
    opt.step()
    opt.zero_grad()
    return loss


for n in (6, 9):
    x = torch.randn(n, 8)
    offs = torch.tensor([2, 4, n])
    print(n, round(step(x, offs).item(), 4))
