# A data-dependent jump on the last operand of an `if` test (`if not a and not b:`, b a tensor): after that jump the
# test is done, and a check inside `if mask is not None:` leaves no tensor live (mask is not read again), so the
# resume function holds no tensor and is skipped without a compile (pytorch-crf's _validate)
import torch


class CRFLike(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.batch_first = True

    def _validate(self, emissions, mask=None):
        if emissions.dim() != 3:
            raise ValueError("emissions must have dimension of 3")
        if mask is not None:
            no_empty_seq = not self.batch_first and mask[0].all()
            no_empty_seq_bf = self.batch_first and mask[:, 0].all()
            if not no_empty_seq and not no_empty_seq_bf:
                raise ValueError("mask of the first timestep must all be on")


def g(mask, flag):
    a = not flag and mask[0].all()
    b = flag and mask[:, 0].all()
    if not a and not b:
        raise ValueError("empty")


def f(x, mask):
    g(mask, True)
    return x * 2


c = CRFLike()
cv = torch.compile(c._validate, backend="eager")
cf = torch.compile(f, backend="eager")
for n in (3, 5):
    cv(torch.ones(2, n, 4), torch.ones(2, n, dtype=torch.bool))
    print(float(cf(torch.ones(n), torch.ones(2, n, dtype=torch.bool)).sum()))
