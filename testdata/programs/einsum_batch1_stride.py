# einsum 'bhd,bhdm->bhm' with batch size 1: torch's result stride of the size-1 dim is 8 ([8, 8, 1]), not contiguous 16 (from flash-linear-attention fla/ops/delta_rule/naive.py delta_rule_recurrence)
import torch
torch.manual_seed(0)

def f(q4, S):
    _q = q4[:, :, 1]                      # as in the loop: a slice of [b, h, l, d]
    S = S.clone() + _q.unsqueeze(-1) * _q.unsqueeze(-2)
    o = torch.einsum('bhd,bhdm->bhm', _q, S)
    o2 = torch.einsum('bhd,bhdm->bhm', q4[:, :, 0].contiguous(), S)
    return o * 2 + o2

g = torch.compile(f, backend="eager")
print(g(torch.randn(1, 2, 4, 8), torch.randn(1, 2, 8, 8)).shape)
