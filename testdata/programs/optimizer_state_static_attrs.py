# Adam's state tensors (step, exp_avg, exp_avg_sq) are static get_attr nodes in the step graph
# (self.self___state_list_dict_keys_..._step), only the grads are placeholders (from RevIN / CoCa / TD7 train steps;
# testdata/programs/truth/optim_adam_step shows the same)
import torch
from torch import nn
torch.manual_seed(0)
m = nn.Linear(4, 2)
opt = torch.optim.Adam(m.parameters(), lr=1e-3)
@torch.compile(backend="eager")
def step(x):
    loss = m(x).sum()
    loss.backward()
    opt.step()
    opt.zero_grad()
    return loss
for i in range(2):
    print(round(step(torch.randn(3, 4)).item(), 4))
