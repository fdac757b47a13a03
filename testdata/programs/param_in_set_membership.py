# `p not in set_of_parameters` (eager, outside compile) hashes by identity, no tensor comparison; tparse stops "unsupported tensor comparison" (from rtdl_revisiting_models.py FTTransformer.make_parameter_groups)
import torch
import torch.nn as nn
torch.manual_seed(0)
m = nn.Sequential(nn.Linear(4, 4), nn.LayerNorm(4), nn.Linear(4, 2))
no_wd = set(m[1].parameters())
main = [p for p in m.parameters() if p not in no_wd]
opt = torch.optim.AdamW([{"params": main}, {"params": list(no_wd), "weight_decay": 0.0}], lr=1e-3)
print(len(main), len(no_wd))


@torch.compile(backend="eager")
def f(x):
    return m(x).relu()


print(f(torch.randn(3, 4)).shape)
