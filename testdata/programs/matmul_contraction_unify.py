# matmul contraction dims must be equal: torch unifies the second input's dynamic size with the first's (v's placeholder disappears, v is f32[2, s0, 8]); also s0*s0 strides print as s0**2 (from flash-linear-attention fla/ops/based/naive.py naive_parallel_based)
import torch
torch.manual_seed(0)

def f(q, k, v):
    attn = q @ k.transpose(-2, -1)
    return attn @ v

g = torch.compile(f, backend="eager")
for T in (8, 16):
    print(g(torch.randn(2, T, 4), torch.randn(2, T, 4), torch.randn(2, T, 8)).shape)
