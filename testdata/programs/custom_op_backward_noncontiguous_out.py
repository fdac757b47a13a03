# A custom op's Python backward whose loop writes through `out=` into a non-contiguous view (zeros_like of a transposed
# weight keeps its strides): in the eager backward of a compiled step Dynamo refuses the mm ("Attempted to call op with
# non-contiguous `out=` tensor") inside the loop of the resume function, so that frame is skipped ("graph break in
# loop") and later calls run it eagerly (transformers' MoE fallback with a transposed expert weight: mixtral, qwen3_moe)
import torch


@torch.library.custom_op("tparse_test::gmm_t", mutates_args=())
def gmm_t(x: torch.Tensor, w: torch.Tensor, offs: torch.Tensor) -> torch.Tensor:
    out = torch.zeros(x.size(0), w.size(2), dtype=x.dtype)
    start = 0
    for i, end in enumerate(offs.tolist()):
        if start == end:
            continue
        torch.mm(x[start:end], w[i], out=out[start:end])
        start = end
    return out


@gmm_t.register_fake
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


gmm_t.register_autograd(_bwd, setup_context=_setup)


class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.w = torch.nn.Parameter(torch.randn(3, 16, 8) * 0.1)  # (experts, out, in): used transposed

    def forward(self, x, offs):
        return gmm_t(x, self.w.transpose(1, 2), offs)


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


for n in (6, 9, 12):
    x = torch.randn(n, 8)
    offs = torch.tensor([2, 4, n])
    print(n, round(step(x, offs).item(), 4))
