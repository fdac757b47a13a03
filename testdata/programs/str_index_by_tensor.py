# A str indexed by a 0-d int tensor in a frame: a str is a ConstantVariable, whose __getitem__ breaks (GB0156, not a
# list's GB0070); `return chars[i]` is followed by RETURN_VALUE, so the break makes no resume function.
import torch
chars = "abcdef"
def pick(x):
    i = torch.argmax(x)
    return chars[i]
f = torch.compile(pick, backend="eager")
print(f(torch.tensor([0.0, 1.0, 2.0, 5.0, 1.0])))
