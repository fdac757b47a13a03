# Python 3.12 inlines list and dict comprehensions (PEP 709); torch 2.11 speculates each outermost one in the
# frame's own code and, when a graph break happens inside it, compiles the graph up to the comprehension, runs the
# comprehension eagerly as a function of its own (never traced) and resumes after it. The result stored, returned,
# consumed by a call, a dict comprehension, a walrus target read after it, one under no_grad.
import torch


def stored(x):
    y = x + 1
    r = [print("item", i) or i for i in range(3)]
    z = x * 2
    return y, r, z


def consumed(x):
    y = x.exp()
    t = sum([y[y > 1].sum() for _ in range(2)]) + y.mean()
    return t * 2


def dict_comp(x):
    y = x.sin()
    d = {k: (y[y > 0].sum() * k) for k in range(2)}
    return d[0] + d[1] + y.mean()


def walrus(x):
    y = x + 1
    r = [(last := y[y > i].sum()) for i in range(2)]
    return last * 2 + r[0]


def under_no_grad(x):
    y = x + 1
    with torch.no_grad():
        r = [y[y > i].sum() for i in range(2)]
        z = y * r[0]
    return z + 1


def returned(x):
    y = torch.relu(x) * 3
    return [y[y > i] for i in range(2)]


x = torch.randn(8)
for fn in (stored, consumed, dict_comp, walrus, returned):
    torch.compile(fn, backend="eager")(x)
torch.compile(under_no_grad, backend="eager")(torch.randn(8, requires_grad=True))
