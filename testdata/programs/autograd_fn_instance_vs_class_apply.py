# `Fn().apply(x)` on a Function instance the frame makes, whose forward breaks (a numpy value made an int):
# attempt 1 cannot rebuild the sourceless AutogradFunctionVariable for the resume (GB0092), the calling frame fails
# and runs eagerly; `Fn.apply(x)` on the class resumes instead.
import numpy as np
import torch
from torch.autograd import Function


class Scale(Function):
    @staticmethod
    def forward(ctx, x):
        ctx.n = int(np.prod(np.array(x.size()[1:])))
        return x * 2

    @staticmethod
    def backward(ctx, g):
        return g * 2


def via_instance(x):
    return Scale().apply(x + 1).sum()


def via_class(x):
    return Scale.apply(x + 1).sum()


a = torch.compile(via_instance, backend="eager")
b = torch.compile(via_class, backend="eager")
for _ in range(2):
    x = torch.randn(2, 3, requires_grad=True)
    print(round(a(x).item(), 3), round(b(x).item(), 3))
