# A comprehension that breaks inside a resume function: torch 2.11 cannot pass the comprehension's captured
# locals through it ("Comprehension graph break in resume function with captured variables") and skips the
# resume function (it runs eagerly; what it calls is converted on its own). The frame's own comprehension in a
# loop: the first pass is handled, the resume function then meets it again with captured locals.
import torch


def post(k):
    return k * 2 + 1


def after_break(x):
    s = torch.sigmoid(x) + 1
    kp = torch.where(s > 1.5)
    v = s[kp]
    parts = [v[kp[0] == i].sum() for i in range(2)]
    parts = [post(p) for p in parts]
    return torch.stack(parts) * 3


def in_loop(x):
    y = x + 1
    for j in range(2):
        r = [y[y > i].sum() for i in range(2)]
        y = y + r[0]
    return y * 2


def no_captures_after_break(x):
    y = x + 1
    print("break")
    r = [print("i", i) or i for i in range(2)]
    return y * len(r)


torch.compile(after_break, backend="eager")(torch.randn(2, 8))
torch.compile(in_loop, backend="eager")(torch.randn(8))
torch.compile(no_captures_after_break, backend="eager")(torch.randn(8))
