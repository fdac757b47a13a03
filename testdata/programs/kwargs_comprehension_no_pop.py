# As kwargs_pop_then_break_in_comprehension, the dict of **kwargs left unchanged: a comprehension that reads kwargs
# and breaks inside (a config property calling graph_break) before the rest is passed on.
import torch


class Cfg:
    @property
    def flag(self):
        torch._dynamo.graph_break()
        return True


def inner(x, y):
    return x * 2 + y


@torch.compile(backend="eager")
def wrapper(cfg, **kwargs):
    keys = {f"out_{k}": kwargs.get(f"out_{k}", getattr(cfg, k)) for k in ("flag",)}
    out = inner(**kwargs)
    return out if keys else None


cfg = Cfg()
for n in (8, 1, 2):
    wrapper(cfg, x=torch.ones(n), y=torch.ones(n))
