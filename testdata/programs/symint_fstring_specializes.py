# An f-string of a dynamic size inside the frame: FORMAT_VALUE specializes the symbol (no break; a recompile per size)
import torch


def f(x):
    n = x.size(0)
    tag = f"n={n}"
    return x + len(tag)


cf = torch.compile(f, backend="eager", dynamic=True)
for k in (3, 5, 12):
    try:
        print(cf(torch.ones(k)).sum().item())
    except Exception as e:
        print(type(e).__name__)
