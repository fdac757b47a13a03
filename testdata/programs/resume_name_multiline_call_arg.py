# a break nested in a call written on a later line of a multi-line call names the resume by that inner call's line (resume_in_f_at_<line of g(...)>), not the statement's first line (from lucidrains/st-moe-pytorch st_moe_pytorch.py:509-514 safe_one_hot)
import torch


def g(t):
    if t.sum() > 0:
        return t + 1
    return t - 1


def f(a, b):
    out = torch.mul(
        a,
        g(b),
    )
    return out * 2


torch.manual_seed(0)
print(torch.compile(f, backend="eager")(torch.randn(3), torch.randn(3)).shape)
