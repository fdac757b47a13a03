# nn.init's initialisers with the tensor passed by keyword (RotatE's `nn.init.uniform_(tensor=..., a=-r, b=r)`)
import torch
import torch.nn as nn
torch.manual_seed(0)


class KGE(nn.Module):
    def __init__(self, n, d):
        super().__init__()
        self.emb = nn.Parameter(torch.zeros(n, d))
        r = torch.tensor([0.5])
        nn.init.uniform_(tensor=self.emb, a=-r.item(), b=r.item())
        self.rel = nn.Parameter(torch.zeros(3, d))
        nn.init.normal_(tensor=self.rel, std=0.1)

    def forward(self, h, r):
        return (self.emb[h] + self.rel[r]).norm(dim=-1)


m = torch.compile(KGE(10, 4), backend="eager")
print(m(torch.tensor([1, 2]), torch.tensor([0, 1])).shape)
print(round(m.emb.sum().item(), 4))
