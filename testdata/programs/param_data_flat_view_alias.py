# Purpose: TRPO-style set_params (hcnoh/gail-pytorch utils/funcs.py): every parameter's .data is replaced by a view
# of one flat tensor (shared storage, nonzero storage offsets) between calls of a compiled module. Does torch 2.11
# recompile (parameter aliasing / storage-overlap guards, data_ptr changes) or reuse the first graph? tparse reuses it.
import numpy as np
import torch

torch.manual_seed(0)
net = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.Tanh(), torch.nn.Linear(8, 1))
cnet = torch.compile(net, backend="eager")


def set_params(net, new_flat_params):
    start_idx = 0
    for param in net.parameters():
        end_idx = start_idx + np.prod(list(param.shape))
        param.data = torch.reshape(new_flat_params[start_idx:end_idx], param.shape)
        start_idx = end_idx


x = torch.randn(6, 4)
print(0, round(cnet(x).sum().item(), 4))
flat = torch.cat([p.detach().view(-1) for p in net.parameters()])
for i in range(1, 4):
    set_params(net, flat * (1.0 - 0.1 * i))
    print(i, round(cnet(x).sum().item(), 4), net[0].weight.storage_offset(), net[2].bias.storage_offset())
