# MoE inference model whose routing reads expert counts with torch.bincount(...).tolist() inside
# the loop over layers: the break in the loop skips the root frame, every layer is its own frame,
# and its resume function recompiles for each new list of counts (inside the first call too).
import torch
import torch.nn as nn

E, D, LAYERS, VOCAB = 4, 16, 3, 64


class Expert(nn.Module):
    def __init__(self):
        super().__init__()
        self.up = nn.Linear(D, 2 * D)
        self.down = nn.Linear(2 * D, D)

    def forward(self, x):
        return self.down(torch.nn.functional.gelu(self.up(x)))


class MoELayer(nn.Module):
    def __init__(self):
        super().__init__()
        self.norm = nn.LayerNorm(D)
        self.router = nn.Linear(D, E, bias=False)
        self.experts = nn.ModuleList(Expert() for _ in range(E))

    def forward(self, x):
        h = self.norm(x)
        w, idx = self.router(h).softmax(-1).topk(2, dim=-1)
        w = w / w.sum(-1, keepdim=True)
        flat = idx.flatten()
        counts = torch.bincount(flat, minlength=E).tolist()
        order = flat.argsort()
        out = torch.zeros_like(h)
        start = 0
        for e, n in enumerate(counts):
            if n == 0:
                continue
            pick = order[start:start + n]
            tok = pick // 2
            out.index_add_(0, tok, self.experts[e](h[tok]) * w.flatten()[pick].unsqueeze(-1))
            start += n
        return x + out


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(VOCAB, D)
        self.layers = nn.ModuleList(MoELayer() for _ in range(LAYERS))
        self.head = nn.Linear(D, VOCAB)

    def forward(self, ids):
        h = self.embed(ids).flatten(0, 1)
        for layer in self.layers:
            h = layer(h)
        return self.head(h)


def build():
    torch.manual_seed(0)
    model = Model().eval()
    calls = [(torch.randint(0, VOCAB, (2, 8)),), (torch.randint(0, VOCAB, (2, 8)),)]
    return model, calls


if __name__ == "__main__":
    model, calls = build()
    cm = torch.compile(model, backend="eager")
    with torch.no_grad():
        for args in calls:
            cm(*args)
