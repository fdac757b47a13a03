# einsum with a derived dynamic size (s+4): torch keeps the permuted bmm layout [32*s+128, 8, 8*s+32, 1] and expands stride polynomials (4*s**2+32*s+64) (from iTransformer layers/SelfAttention_Family.py FullAttention)
import torch
torch.manual_seed(0)
extra = torch.randn(4, 4, 4, 8)


def f(x):
    q = torch.cat([x, extra], dim=1)          # [4, s+4, 4, 8]
    scores = torch.einsum("blhe,bshe->bhls", q, q)
    a = torch.softmax(scores, dim=-1)
    return torch.einsum("bhls,bshd->blhd", a, q)


g = torch.compile(f, backend="eager")
for n in (7, 11):
    print(g(torch.randn(4, n, 4, 8)).shape)
