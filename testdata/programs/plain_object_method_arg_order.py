# probe: are tensor arguments of a method of a plain (non-Module) object, a staticmethod, a nested function and a
# module-level function realized at the call or where first used? (placeholder order: x vs lin's weight)
import torch
torch.manual_seed(0)
lin = torch.nn.Linear(4, 4)


class Helper:
    def run(self, a, b):
        return lin(b) + a.sum()

    @staticmethod
    def srun(a, b):
        return lin(b) + a.sum()


def top(a, b):
    return lin(b) + a.sum()


h = Helper()


def f1(x, y):
    return h.run(x, y)


def f2(x, y):
    return Helper.srun(x, y)


def f3(x, y):
    def inner(a, b):
        return lin(b) + a.sum()
    return inner(x, y)


def f4(x, y):
    return top(x, y)


for f in (f1, f2, f3, f4):
    print(torch.compile(f, backend="eager")(torch.randn(2, 4), torch.randn(2, 4)).shape)
