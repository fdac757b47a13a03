# automatic dynamic applies to a parameter left at its default exactly as to a passed one: after `shift` changed once, a call using the default shift=1 still gets L_shift_: Sym (from transformers models/funnel/modeling_funnel.py relative_pos)
import torch

def rel(pos, stride, shift=1):
    return pos * (shift * pos.shape[0] * stride)

cf = torch.compile(rel, backend="eager")
print(cf(torch.ones(8), 1).sum())           # compile 0: all static
print(cf(torch.ones(8), 1, 2).sum())        # compile 1: shift -> dynamic
print(cf(torch.ones(4), 2).sum())           # compile 2: shift defaulted (=1): torch L_shift_ Sym(s..); ours drops it
