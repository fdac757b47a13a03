# for p in <global list of tensors>: torch's placeholders are G_params_0_ / G_params_1_ (source G['params'][i]); tparse names them L_tmp0_, L_tmp4_ (from Muon muon.py / schedule_free optimizers: for p in group['params'])
import torch
torch.manual_seed(0)
params = [torch.randn(3, 4), torch.randn(3)]

@torch.compile(backend="eager")
def f(x):
    for p in params:
        x = x + p.sum()
    return x

print(f(torch.randn(2)))
