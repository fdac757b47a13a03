# vmap(grad(compute_loss), in_dims=(None, 0, 0)) called inside a compiled function is traced (functorch transforms are higher-order ops in Dynamo) (from pytorch/tutorials intermediate_source/per_sample_grads.py)
import torch
from torch import nn
import torch.nn.functional as F
from torch.func import functional_call, vmap, grad
torch.manual_seed(0)
model = nn.Linear(6, 3)
params = {k: v.detach() for k, v in model.named_parameters()}

def compute_loss(params, sample, target):
    pred = functional_call(model, params, (sample.unsqueeze(0),))
    return F.cross_entropy(pred, target.unsqueeze(0))

def per_sample(params, x, y):
    g = vmap(grad(compute_loss), in_dims=(None, 0, 0))(params, x, y)
    return g["weight"].norm(), g["bias"].norm()

f = torch.compile(per_sample, backend="eager")
print([round(v.item(), 4) for v in f(params, torch.randn(4, 6), torch.randint(0, 3, (4,)))])
