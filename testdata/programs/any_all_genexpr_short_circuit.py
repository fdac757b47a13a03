# any() / all() over a generator expression stop at the first deciding item: the items after it are never computed
# (a counter the generator bumps shows how many ran), inside a compiled frame
import torch

seen = []


def check(t, i):
    seen.append(i)
    return i >= 1


def f(x):
    ok = any(check(x, i) for i in range(4))
    bad = all(check(x, i) for i in range(4))
    return x + 1 if ok and not bad else x - 1


cf = torch.compile(f, backend="eager")
cf(torch.randn(3))
assert seen == [0, 1, 0], seen
