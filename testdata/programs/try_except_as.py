# raise in the compiled frame itself, caught with 'as e' (a user subclass, caught by its base
# class); the handler reads e.args; a try/except/else where nothing is raised.
import torch


class ShapeError(ValueError):
    pass


def f(x, n):
    try:
        if n > 2:
            raise ShapeError("n too large", n)
        y = x * n
    except ValueError as e:
        y = x + e.args[1]
    try:
        z = y.sin()
    except KeyError:
        z = y.cos()
    else:
        z = z * 3
    return z


cf = torch.compile(f, backend="eager")
cf(torch.randn(4, 4), 1)
cf(torch.randn(4, 4), 5)
