# torch._foreach_sign_ (foreach unary in-place) is a graph node `torch._foreach_sign_([clone, ...])` in torch; tparse drops it from the graph (from lucidrains/lion-pytorch foreach.py)
import torch

torch.manual_seed(0)
params = [torch.randn(3), torch.randn(2, 4)]
grads = [torch.randn(3), torch.randn(2, 4)]
exp_avgs = [torch.zeros(3), torch.zeros(2, 4)]


@torch.compile(backend="eager")
def f(params, grads, exp_avgs):
    updates = [t.clone() for t in exp_avgs]
    torch._foreach_lerp_(updates, grads, 0.1)
    torch._foreach_sign_(updates)
    torch._foreach_add_(params, updates, alpha=-0.01)


f(params, grads, exp_avgs)
print([round(p.sum().item(), 4) for p in params])
