# torch.compile(vmap(fmodel)) over stack_module_state params with functional_call on a meta base model is traced into a graph (from pytorch/tutorials intermediate_source/ensembling.py)
import copy
import torch
from torch import nn
from torch.func import stack_module_state, functional_call
torch.manual_seed(0)
models = [nn.Sequential(nn.Linear(6, 8), nn.ReLU(), nn.Linear(8, 3)) for _ in range(4)]
params, buffers = stack_module_state(models)
base = copy.deepcopy(models[0]).to("meta")

def fmodel(params, buffers, x):
    return functional_call(base, (params, buffers), (x,))

f = torch.compile(torch.vmap(fmodel, in_dims=(0, 0, None)), backend="eager")
print(f(params, buffers, torch.randn(5, 6)).shape)
