# x.new_tensor(range(n)) inside a compiled fn: torch prints the graph arg as `range(0, 4)`; tparse prints the list `[0, 1, 2, 3]` (from flash-linear-attention fla/ops/retention/naive.py)
import torch
torch.manual_seed(0)

def f(q):
    h = q.shape[1]
    s = q.new_tensor(range(h), dtype=torch.float)
    return q * s.view(1, -1, 1)

g = torch.compile(f, backend="eager")
print(g(torch.randn(2, 4, 8)).sum().item())
