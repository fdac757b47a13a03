# optimizer state tensors made by _init_group (momentum_buffer, Adam's step / exp_avg / exp_avg_sq) are get_attr nodes in torch's step graph (`self.self___state_list_dict_keys_L__self___state___1___momentum_buffer`), not placeholders; tparse passes them as inputs named L_tmpN_ (from egnn / mobilenetv3.pytorch / ViT-pytorch training steps; the corpus optim_train_step shows it too)
import torch
import torch.nn as nn

torch.manual_seed(0)
m = nn.Linear(4, 3)
opt = torch.optim.SGD(m.parameters(), lr=0.1, momentum=0.9)
opt2 = torch.optim.Adam(m.parameters(), lr=1e-3)


@torch.compile(backend="eager")
def step(x):
    loss = m(x).pow(2).mean()
    loss.backward()
    opt.step()
    opt2.step()
    return loss


for _ in range(2):
    print(round(float(step(torch.randn(5, 4))), 4) > 0)
