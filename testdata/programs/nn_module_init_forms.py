# Forms of nn module construction LoRA-style layers use (loralib): a plain mixin after nn.Module in the bases
# (Module.__init__ does not chain to it), subclasses overriding reset_parameters (nn.Linear.__init__ calls the
# override), constructor arguments read back as attributes in forward
import torch
import torch.nn as nn
import torch.nn.functional as F


class LoRAMixin:
    def __init__(self, r, alpha):
        self.r = r
        self.scaling = alpha / r


class LoRALinear(nn.Linear, LoRAMixin):
    def __init__(self, n_in, n_out, r=2, alpha=4):
        nn.Linear.__init__(self, n_in, n_out)
        LoRAMixin.__init__(self, r=r, alpha=alpha)
        self.lora_A = nn.Parameter(self.weight.new_zeros((r, n_in)))
        self.lora_B = nn.Parameter(self.weight.new_zeros((n_out, r)))
        self.reset_parameters()

    def reset_parameters(self):
        nn.Linear.reset_parameters(self)
        if hasattr(self, "lora_A"):
            nn.init.zeros_(self.lora_B)
        self.was_reset = True

    def forward(self, x):
        out = F.linear(x, self.weight, bias=self.bias)
        return out + (x @ self.lora_A.transpose(0, 1) @ self.lora_B.transpose(0, 1)) * self.scaling


class Emb(nn.Embedding):
    def forward(self, x):
        return F.embedding(x, self.weight, self.padding_idx, self.max_norm, self.norm_type, self.scale_grad_by_freq,
                           self.sparse)


class Block(nn.Module, LoRAMixin):
    def __init__(self):
        super().__init__()
        LoRAMixin.__init__(self, r=4, alpha=8)
        self.emb = Emb(20, 8)
        self.lin = LoRALinear(8, 8)
        self.norm = nn.LayerNorm(8, elementwise_affine=self.scaling > 1)
        self.drop = nn.Dropout(0.0)

    def forward(self, ids):
        h = self.emb(ids)
        if self.norm.elementwise_affine and not self.drop.inplace:
            h = self.norm(h)
        return self.drop(self.lin(h)) * self.r


b = Block()
assert b.r == 4 and b.lin.r == 2 and b.lin.was_reset and nn.MultiheadAttention(8, 2).head_dim == 4
m = nn.Linear(2, 2)
m.reset_parameters()
nn.Embedding(5, 2).reset_parameters()
cb = torch.compile(b, backend="eager")
cb(torch.tensor([[1, 2, 3]]))
cb(torch.tensor([[1, 2, 3, 4, 5]]))
