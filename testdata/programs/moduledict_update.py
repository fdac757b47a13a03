# nn.ModuleDict update / __setitem__ / pop (OLMo builds its transformer dict so)
import torch
import torch.nn as nn

class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.t = nn.ModuleDict(dict(wte=nn.Embedding(16, 8), ln_f=nn.LayerNorm(8)))
        self.t.update({"blocks": nn.ModuleList([nn.Linear(8, 8) for _ in range(2)])})
        self.t.update([("head", nn.Linear(8, 16))])
        self.extra = nn.ModuleDict()
        self.extra["p"] = nn.Linear(8, 8)
        popped = self.extra.pop("p")
        self.extra.__setitem__("q", nn.Linear(8, 8))
        self.keys_ = list(self.t.keys())
    def forward(self, ids):
        x = self.t.wte(ids)
        for b in self.t["blocks"]:
            x = b(x).relu()
        if "head" in self.t:
            x = self.t.head(self.t.ln_f(x))
        return x

m = M()
print(m.keys_, len(m.extra))
print(torch.compile(m)(torch.randint(0, 16, (2, 5))).shape)
