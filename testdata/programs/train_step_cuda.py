# a compiled training step on CUDA: forward, loss, backward (GB0123), clip_grad_norm_ (its foreach path), Adam's
# step (foreach, capturable), zero_grad (GB0008)
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
dev = "cuda"
m = nn.Sequential(nn.Linear(4, 8), nn.GELU(), nn.Linear(8, 3)).to(dev)
opt = torch.optim.Adam(m.parameters(), lr=1e-3)


@torch.compile(backend="eager")
def train_step(x, y):
    loss = F.cross_entropy(m(x), y)
    loss.backward()
    torch.nn.utils.clip_grad_norm_(m.parameters(), 1.0)
    opt.step()
    opt.zero_grad()
    return loss.detach()


for _ in range(3):
    print(train_step(torch.randn(5, 4, device=dev), torch.randint(0, 3, (5,), device=dev)).shape)
