# two inputs with the same dynamic length: torch prints the second one's size symbol through its replacement (`s94: "Sym(s27)"`, L_y_ "i64[2, s27]") once a shape check unifies them (from nano-llama31 llama31.py forward_loss: cross_entropy(logits.transpose(1, 2), targets))
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)
emb = nn.Embedding(11, 8)
head = nn.Linear(8, 11)
@torch.compile(backend="eager")
def f(x, y):
    logits = head(emb(x)).float()
    return F.cross_entropy(logits.transpose(1, 2), y, ignore_index=-100)
for T in (8, 8, 12):
    print(T, round(float(f(torch.randint(0, 11, (2, T)), torch.randint(0, 11, (2, T)))), 3) > 0)
