# Adam(weight_decay>0).step() compiled on the first step: the lazily created state (step, exp_avg, exp_avg_sq) is get_attr in torch's graph (self.self___state_list_dict_keys_...), never a graph input (from tkipf/pygcn train.py loop)
import torch
import torch.nn as nn

torch.manual_seed(0)
m = nn.Linear(4, 3)
opt = torch.optim.Adam(m.parameters(), lr=0.01)


@torch.compile(backend="eager")
def step():
    opt.step()


for i in range(2):
    opt.zero_grad()
    m(torch.randn(2, 4)).sum().backward()
    step()
print(m.weight.sum().item() != 0)
