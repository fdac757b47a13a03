# `with torch.autocast(device_type='cuda', enabled=False)` inside an inlined module forward: torch records _enter_autocast/_exit_autocast under "# No stacktrace found for following nodes"; ours puts them under the `with` line (from stablediffusion ldm/modules/attention.py CrossAttention.forward)
import torch
torch.manual_seed(0)

class Attn(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.q = torch.nn.Linear(8, 8)
        self.k = torch.nn.Linear(8, 8)

    def forward(self, x):
        q, k = self.q(x), self.k(x)
        with torch.autocast(enabled=False, device_type='cuda'):
            q, k = q.float(), k.float()
            sim = torch.einsum('b i d, b j d -> b i j', q, k) * 0.5
        return sim.softmax(dim=-1)

m = Attn()
g = torch.compile(m, backend="eager")
print(g(torch.randn(2, 4, 8)).shape)
