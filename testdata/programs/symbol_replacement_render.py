# graph node types print with the FINAL shape-symbol replacements: a node made before Eq(2*s27, 2*s94) is printed with s27, not s94 (from llm.c train_gpt2.py GPT.forward cross_entropy)
import torch
import torch.nn.functional as F
torch.manual_seed(0)

def f(x, y):
    t = y.view(-1)                 # made while y's length is still its own symbol
    h = (x * 2.0).view(-1, 1)
    logits = torch.cat([h, -h], dim=1)
    return F.cross_entropy(logits, t)   # unifies 2*len(x) with 2*len(y)

g = torch.compile(f, backend="eager")
for T in (8, 12):
    x = torch.randn(2, T)
    y = torch.randint(0, 2, (2, T))
    print(T, round(g(x, y).item(), 4))
