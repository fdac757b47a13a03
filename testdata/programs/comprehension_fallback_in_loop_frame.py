# A comprehension's speculation in a frame of its own (no resume function): the unresumable BUILD_SLICE break falls back to the
# comprehension's speculation (not to the loop's checkpoint); attempt 1 compiles the graph up to the comprehension
# (1 op: sin), runs it as a synthetic function, then a resume function for the code after it (inside the loop).
import torch
def f(x, lengths):
    y = x.sin()
    for t in range(3):
        b = sum([l > t for l in lengths])
        x[:b] = 0
    return x, y
cf = torch.compile(f, backend="eager")
print(cf(torch.randn(4), torch.tensor([3, 2, 1, 1]))[0].shape)
