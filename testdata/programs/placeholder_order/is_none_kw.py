import torch, torch.nn as nn
class M(nn.Module):
    def __init__(self):
        super().__init__(); self.emb = nn.Embedding(16, 4)
    def forward(self, ids=None, other=None):
        h = ids if other is None else other
        return self.emb(h)
torch.compile(M(), backend="eager")(ids=torch.zeros(1, 3, dtype=torch.long))
