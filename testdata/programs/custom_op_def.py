# torch.library.custom_op returns a CustomOpDef: register_fake / register_autograd / register_kernel are its methods
# (lingua's probe), and called in a frame it is one node, its OpOverload `torch.ops.NS.OP.default`, whose metadata
# the fake function gives.
import torch


@torch.library.custom_op("tparse_test::scale", mutates_args=(), device_types=None)
def scale(x: torch.Tensor, s: float) -> torch.Tensor:
    return x * s


@scale.register_fake
def _(x, s):
    return torch.empty_like(x)


def _bwd(ctx, g):
    return g * ctx.s, None


def _setup(ctx, inputs, output):
    ctx.s = inputs[1]


scale.register_autograd(_bwd, setup_context=_setup)


@scale.register_kernel("cpu")
def _(x, s):
    return x * s


@torch.compile(backend="eager")
def f(x):
    return scale(x, 2.0) * 3 + scale(x.sin(), 0.5)


x = torch.randn(4, requires_grad=True)
f(x).sum().backward()
assert x.grad is not None
