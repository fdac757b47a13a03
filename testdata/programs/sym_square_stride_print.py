# q @ k^T with k's dynamic length later unified with q's (masked_fill by a [T, T] mask): torch prints the product strides simplified, [2*s0**2, s0**2, s0, 1]; tparse prints [2*s0*s0, s0*s0, s0, 1] (substitution not re-simplified) (from flash-linear-attention fla/ops/based/naive.py naive_parallel_based)
import torch
torch.manual_seed(0)

def f(q, k):
    attn = q @ k.transpose(-2, -1)
    attn = 1 + attn
    attn.masked_fill_(~torch.tril(torch.ones(q.shape[-2], q.shape[-2], dtype=torch.bool)), 0)
    return attn

g = torch.compile(f, backend="eager")
for T in (8, 16):
    print(g(torch.randn(1, 2, T, 4), torch.randn(1, 2, T, 4)).shape)
