# functools.cached_property read twice in a compiled frame: Dynamo inlines its __get__, the first read stores the value
# in the instance's __dict__ (the graph's node is named `val`), the second finds it there: one division, not two
# (from score-SDE's pred_eps on a prediction object)
import functools
import torch

torch.manual_seed(0)


class Pred:
    def __init__(self, x, sigma):
        self.x = x
        self.sigma = sigma

    @functools.cached_property
    def eps(self):
        return (self.x - 1.0) / self.sigma


def f(x, sigma):
    p = Pred(x, sigma)
    return p.eps * 2 + p.eps.sum()


cf = torch.compile(f, backend="eager")
print(cf(torch.randn(4), torch.tensor(2.0)).shape)
print(cf(torch.randn(4), torch.tensor(3.0)).shape)
