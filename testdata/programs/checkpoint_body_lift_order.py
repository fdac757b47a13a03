# inside a torch.utils.checkpoint body, attributes are lifted in order of access (q_bias before v_bias), and the HOP's [0] output node is named getitem (from MCG-NJU/VideoMAE modeling_finetune.py)
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.utils.checkpoint as checkpoint

torch.manual_seed(0)


class Attn(nn.Module):
    def __init__(self):
        super().__init__()
        self.qkv = nn.Linear(8, 24, bias=False)
        self.q_bias = nn.Parameter(torch.zeros(8))
        self.v_bias = nn.Parameter(torch.zeros(8))

    def forward(self, x):
        qkv_bias = torch.cat((self.q_bias, torch.zeros_like(self.v_bias, requires_grad=False), self.v_bias))
        return F.linear(x, self.qkv.weight, qkv_bias).sum(-1)


m = Attn()


@torch.compile(backend="eager")
def f(x):
    x = checkpoint.checkpoint(m, x, use_reentrant=False)
    return x * 2


print(f(torch.randn(2, 8)).shape)
