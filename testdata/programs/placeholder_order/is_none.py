import torch, torch.nn as nn
class M(nn.Module):
    def __init__(self):
        super().__init__(); self.emb = nn.Embedding(16, 4)
    def forward(self, ids, other=None):
        if (ids is None) ^ (other is not None):
            raise ValueError("x")
        return self.emb(ids)
torch.compile(M(), backend="eager")(torch.zeros(1, 3, dtype=torch.long))
