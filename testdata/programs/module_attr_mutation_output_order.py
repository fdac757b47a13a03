# Graph outputs for attributes reassigned in forward: torch emits each object's stored attrs in reverse store order (from llama3 llama/model.py cache_k/cache_v)
import torch
torch.manual_seed(0)


class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.a = torch.zeros(4)
        self.b = torch.zeros(4)

    def forward(self, x):
        self.a = self.a.to(x) + 1   # stored first
        self.b = self.b.to(x) * 2   # stored second
        return x + self.a + self.b


m = M()
f = torch.compile(m, backend="eager")
print(f(torch.randn(4)))
