# torch.topk(...) namedtuple: `.values` / `.indices` attributes, parameter fancy-indexed by the indices,
# einsum over the gathered experts (gpt-oss MLPBlock)
import torch
torch.manual_seed(0)
w1 = torch.nn.Parameter(torch.randn(4, 6, 8))
gate = torch.nn.Linear(8, 4)
@torch.compile(backend="eager")
def f(x):
    g = gate(x)
    experts = torch.topk(g, k=2, dim=-1, sorted=True)
    weights = torch.nn.functional.softmax(experts.values, dim=1)
    w = w1[experts.indices, ...]
    t = torch.einsum("beck,bk->bec", w, x)
    return torch.einsum("bec,be->bc", t, weights)
with torch.no_grad():
    for n in (5, 7):
        out = f(torch.randn(n, 8))
print(out.shape)
