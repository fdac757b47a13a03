# One tensor passed as two arguments is wrapped under the name the frame reads first (`prev is None` reads prev), and
# only that name's automatic-dynamic record is written; its duplicate-input guard (`x is prev`) is checked after every
# tensor's own guards (Guard.sort_key puts duplicate inputs last). So a later call with a longer prev fails prev's
# TENSOR_MATCH first, and prev's length becomes dynamic at once (simple-nmt's decoder block in greedy search).
# Expected torch 2.11 behaviour (backend="eager"): 2 compiles; 0/1's reason
# "0/0: tensor 'prev' size mismatch at index 1. expected 1, actual 2"; the third call reuses 0/1.
import torch


def f(x, prev):
    if prev is None:
        return x * 2
    a = prev.softmax(-1).sum(1, keepdim=True)
    return x + a


fc = torch.compile(f, backend="eager")
h = torch.randn(3, 1, 8)
print(fc(h, h).shape)
print(fc(h, torch.randn(3, 2, 8)).shape)
print(fc(h, torch.randn(3, 3, 8)).shape)
