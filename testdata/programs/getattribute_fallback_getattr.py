# __getattribute__ raising AttributeError falls back to __getattr__; both are traced inside the compiled frame, and a
# tensor held by the object is read through them
import torch


class Holder:
    def __init__(self, w):
        self.w = w

    def __getattribute__(self, key):
        if key.startswith("hidden_"):
            raise AttributeError(key)
        return super().__getattribute__(key)

    def __getattr__(self, key):
        return 0.5


def f(x, h):
    return (x @ h.w) * h.hidden_scale + h.w.sum()


cf = torch.compile(f, backend="eager")
h = Holder(torch.randn(4, 4))
cf(torch.randn(2, 4), h)
cf(torch.randn(3, 4), h)
