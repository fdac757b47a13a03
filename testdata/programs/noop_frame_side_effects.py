# Frames that trace no tensor op: torch.compile skips them ("No ops traced for the FX graph") whatever they store on
# objects from before the frame, and they run eagerly from then on (their callees frames of their own); a frame that
# asked torch.compiler.is_compiling() while tracing is compiled all the same (inconsistent side effects).
import torch


class Box:
    def __init__(self):
        self.n = 0
        self.t = None


def bump(box, x):
    box.n += 1
    box.t = x
    return box


def bump_checked(box, x):
    if torch.compiler.is_compiling():
        box.n += 10
    box.t = x
    return box


def helper(box):
    box.n -= 1


def bump_calls(box, x):
    box.t = x
    helper(box)
    return box


b = Box()
for f in (bump, bump_checked, bump_calls):
    g = torch.compile(f, backend="eager")
    for n in (2, 3, 4):
        g(b, torch.randn(n))
    print(f.__name__, b.n, tuple(b.t.shape))
