# str() of a dynamic size inside the frame: BuiltinVariable has no str for a SymInt (GB0059), the resume recompiles per string
import torch


def f(x):
    n = x.size(0)
    s = str(n)
    return x * len(s)


cf = torch.compile(f, backend="eager", dynamic=True)
for k in (3, 5, 12):
    print(cf(torch.ones(k)).sum().item())
