# a KV-cache tensor stored on the module by one compiled graph and read by the next compile: torch gives its changed length a fresh symbol (s88), ours reuses the producing graph's expression (s27 + 1) although s27 now has another value (from VAR models/basic_var.py SelfAttention kv_caching)
import torch
import torch.nn as nn
torch.manual_seed(0)

class Attn(nn.Module):
    def __init__(self):
        super().__init__()
        self.cached_k = None

    def forward(self, k):
        if self.cached_k is None:
            self.cached_k = k
        else:
            k = self.cached_k = torch.cat((self.cached_k, k), dim=2)
        return k.sum(2)

m = Attn()
f = torch.compile(m, backend="eager")
for L in (1, 4, 9):
    print(f(torch.randn(4, 2, L, 8)).shape, tuple(m.cached_k.shape))
