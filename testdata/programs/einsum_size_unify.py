# einsum requires equal sizes for a repeated letter: torch unifies k's dynamic seq dim with the (specialized) q length, so k becomes f32[2, 4, 24, 8] without its own size placeholder; tparse keeps s69/L_k_ f32[2, 4, s69, 8] (from flash-linear-attention fla/ops/retention/naive.py)
import torch
torch.manual_seed(0)

def f(q, k, v):
    T = q.shape[2]
    n = q.new_ones(T, T).tril()
    idx = q.new_tensor(range(T))                    # range() specializes q's T
    s = torch.einsum('bhqd,bhkd,qk->bhqk', q, k, n * idx)
    return torch.einsum('bhqk,bhkd->bhqd', s, v)

g = torch.compile(f, backend="eager")
for T in (16, 24):
    print(g(*(torch.randn(2, 4, T, 8) for _ in range(3))).shape)
