# nn.Module.parameters() yields a module's own Parameters before its children's, whatever the assignment order (from unilm beit/modeling_finetune.py: patch_embed assigned before cls_token)
import torch
import torch.nn as nn
torch.manual_seed(0)
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Linear(4, 8)
        self.cls = nn.Parameter(torch.zeros(1, 8))
        self.head = nn.Linear(8, 2)
m = M()
print([n for n, _ in m.named_parameters()])   # torch: ['cls', 'embed.weight', 'embed.bias', 'head.weight', 'head.bias']
@torch.compile(backend="eager")
def f(x):
    outs = []
    for p in m.parameters():
        outs.append(p.sum() * x)
    return torch.stack(outs)
print(f(torch.ones(())))
