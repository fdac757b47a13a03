# LightGlue.forward: `with torch.autocast(...): return self._forward(data)` where _forward breaks (a nonzero inside a
# loop: it is skipped and runs eagerly). The partial graph leaves the autocast block (`_exit_autocast`), and the
# resume function enters it again and leaves it at the block's end: a graph of its own.
import torch


def inner(x):
    y = x * 2
    out = []
    for k in range(2):
        out.append(torch.where(y[k] > 0)[0])
    return out


def f(x):
    with torch.autocast(enabled=False, device_type="cuda"):
        return inner(x)


cf = torch.compile(f, backend="eager")
print([t.shape for t in cf(torch.randn(2, 5))])
