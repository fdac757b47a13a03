# `with torch.cuda.amp.autocast(enabled=False)` (deprecated alias) records _enter_autocast('cuda', torch.float16, False, True) with no stack trace in torch; ours records ('cuda', None, False, None) under the user line (from VAR models/var.py VAR.forward)
import torch
torch.manual_seed(0)
emb = torch.nn.Embedding(10, 8)

def f(label, x):
    with torch.cuda.amp.autocast(enabled=False):
        h = emb(label) + x.float()
    return h * 2

g = torch.compile(f, backend="eager")
print(g(torch.tensor([1, 2]), torch.randn(2, 8)).shape)
