# Custom operators as torchvision registers its C++ ones: a kernel by torch.library.impl, shapes by a Meta kernel
# (Library(NS, "IMPL", "Meta").impl, torchvision/_meta_registrations.py) or by register_fake. A fake that asks its
# context for a new dynamic size (nms's kept count) has a data-dependent output: in a frame Dynamo's fake-tensor
# propagation cannot run it and the graph breaks ("Dynamic shape operator", mylib.keep.default); eagerly the real
# kernel runs. An op with a static fake is one node, torch.ops.mylib.pool. torch.unique in a frame breaks at
# aten._unique2 (torch/functional.py's _unique_impl without dim).
import torch

torch.library.define("mylib::keep", "(Tensor x) -> Tensor")
torch.library.define("mylib::pool", "(Tensor x, int n) -> Tensor")


@torch.library.impl("mylib::keep", "CPU")
def keep_cpu(x):
    return torch.nonzero(x > 0.5).flatten()


@torch.library.register_fake("mylib::keep")
def keep_fake(x):
    ctx = torch.library.get_ctx()
    n = ctx.new_dynamic_size()
    return x.new_empty(n, dtype=torch.long)


@torch.library.impl("mylib::pool", "CPU")
def pool_cpu(x, n):
    return x[:n] * 2


lib = torch.library.Library("mylib", "IMPL", "Meta")


def pool_meta(x, n):
    return x.new_empty((n,) + tuple(x.shape[1:]))


lib.impl(torch.ops.mylib.pool.default, pool_meta)


def f(x, boxes):
    y = torch.ops.mylib.pool(boxes, 3) + 1
    k = torch.ops.mylib.keep(x)
    return y.sum() + k.sum()


def g(x):
    u = torch.unique(x)
    return u * 2


cf = torch.compile(f, backend="eager")
cg = torch.compile(g, backend="eager")
cf(torch.ones(8), torch.rand(5, 4))
cf(torch.ones(12), torch.rand(6, 4))
cg(torch.ones(4) + 1)
