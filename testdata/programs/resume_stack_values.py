# The values below a broken call's result are the resume function's first stack arguments (`int(t.max().item())`
# resumes with int as ___stack0 and the item as ___stack1); a value the statement goes on computing with is read at
# once and guarded by value (`___stack1 == 10`: a new maximum length recompiles the resume, the speech padding-mask
# idiom); a result stored as it is is guarded only where it is read.
import torch


def padding_mask(lengths):
    max_length = int(torch.max(lengths).item())
    return torch.arange(max_length).expand(lengths.shape[0], max_length) >= lengths.unsqueeze(1)


def stored(x):
    n = x.sum().item()
    return x * 2


def printed(x):
    y = x + 1
    print("rows", int(x.shape[0]), y.mean().item())
    return y * 2


cf = torch.compile(padding_mask, backend="eager")
cf(torch.tensor([10, 7]))
cf(torch.tensor([14, 9]))
cs = torch.compile(stored, backend="eager")
cs(torch.ones(3))
cs(torch.ones(3) * 2)
cp = torch.compile(printed, backend="eager")
cp(torch.ones(2, 3))
cp(torch.zeros(2, 3))
