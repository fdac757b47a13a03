# torch.compile on methods: a bound method called with no arguments (`torch.compile(m.loss)()`: the frame is always
# converted, its only input the module's parameter), and a method decorated with @torch.compile in the class body
# (torch.compile returns a function, so it binds self like any method).
import torch


class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.w = torch.nn.Parameter(torch.rand(3, 4))
        self.lin = torch.nn.Linear(4, 4)

    def loss(self, scale=2):
        return (self.w.abs() * scale).sum()

    @torch.compile(backend="eager")
    def deco(self, x):
        return self.lin(x) * 3


m = M()
cl = torch.compile(m.loss, backend="eager")
print(float(cl()))
print(m.deco(torch.rand(2, 4)).shape)
