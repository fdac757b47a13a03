# tp.data.copy_(f(p.data, tp.data)) in a zip(params, params) loop: torch lifts p before tp (wrap order), tparse lifts tp first (from TD3.py / pytorch_sac utils.soft_update_params)
import torch
import torch.nn as nn
torch.manual_seed(0)
a = nn.Linear(3, 2)
b = nn.Linear(3, 2)


@torch.compile(backend="eager")
def soft_update(x):
    for p, tp in zip(a.parameters(), b.parameters()):
        tp.data.copy_(0.1 * p.data + 0.9 * tp.data)
    return x + 1


print(soft_update(torch.ones(2)))
print(round(float(b.weight.sum()), 4))
