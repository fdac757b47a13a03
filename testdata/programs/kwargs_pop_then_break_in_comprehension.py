# transformers' capture_outputs wrapper in miniature: it pops return_dict from its **kwargs, then builds a dict by a
# comprehension that reads kwargs.get(...) and a config property that breaks the graph, then passes the rest on.
# Dynamo runs the broken comprehension eagerly with its captured variables (kwargs among them).
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
    rd = kwargs.pop("return_dict", True)
    keys = {f"out_{k}": kwargs.get(f"out_{k}", getattr(cfg, k)) for k in ("flag",)}
    out = inner(**kwargs)
    return out if rd and keys else None


cfg = Cfg()
for n in (8, 1, 2):
    wrapper(cfg, x=torch.ones(n), y=torch.ones(n))
