# Where torch 2.11 does not speculate a comprehension: inside an inlined function (the break reaches the frame's
# CALL, and the callee's own frame then handles its comprehension), a nested comprehension (only the outermost is
# speculated), a set comprehension (BUILD_SET is not hooked), a generator expression and a generator function (a
# break inside an inlined generator cannot be handled: the frame is skipped), a comprehension inside a try block.
import torch


def g(x):
    return [x[x > 0.5].sum() + i for i in range(2)]


def inlined(x):
    y = x.cos()
    r = g(y)
    return r[0] + r[1] + y.sum()


def nested(x):
    y = x + 1
    r = [[(y[y > j]).sum() for j in range(2)] for i in range(2)]
    return y * 2, r


def set_comp(x):
    y = x + 1
    s = {int(print("s", i) or i) for i in range(2)}
    return y * len(s)


def genexpr(x):
    y = x + 1
    t = tuple(y[y > i].sum() for i in range(2))
    return y * 2, t


def gen(y):
    for i in range(2):
        yield y[y > i].sum()


def gen_function(x):
    y = x * 3
    t = list(gen(y))
    return y - 1, t


def in_try(x):
    y = x + 1
    try:
        r = [y[y > i].sum() for i in range(2)]
    except RuntimeError:
        r = []
    return y * 2, r


x = torch.randn(8)
for fn in (inlined, nested, set_comp, genexpr, gen_function, in_try):
    torch.compile(fn, backend="eager")(x)
