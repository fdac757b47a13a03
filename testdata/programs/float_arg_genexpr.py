# A float argument that changes, read inside a generator expression of the compiled frame (efficient-kan's
# `torch.compile(model.regularization_loss)` summing each layer's loss with the same weights): the dynamic float is
# the frame's input wherever the frame's code reads it.
import torch


class L(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.w = torch.nn.Parameter(torch.rand(3, 4) + 0.1)

    def reg(self, a):
        return a * self.w.abs().sum()


class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = torch.nn.ModuleList([L(), L()])

    def loss(self, a=1.0):
        return sum(layer.reg(a) for layer in self.layers)


m = M()
cl = torch.compile(m.loss, backend="eager")
print(float(cl()), float(cl(0.5)), float(cl(0.25)))
