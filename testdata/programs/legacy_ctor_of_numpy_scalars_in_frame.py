# Expected torch 2.11 behaviour (rule: VariableBuilder wraps a numpy scalar (np.int64) as a 0-d tensor, so a legacy
# constructor over a list of them reads fake data: "The tensor has a non-zero number of elements, but its data is not
# allocated yet", a TorchRuntimeError at compile time (gb4315), raised to the caller; seen in TAGNN's
# `torch.Tensor(alias_inputs)` of lists of `np.where(node == i)[0][0]` on the device).
# f breaks at make()'s graph_break (make runs as a frame of its own); f's resume reads the nested list of np.int64
# and fails building torch.Tensor(ids): the program stops there with that error.
# (tparse before round 63: numpy scalars were plain ints to the constructor, a tensor made, no error.)
import numpy as np
import torch


def make(n):
    torch._dynamo.graph_break()
    arr = np.arange(n)
    return [[np.where(arr == v)[0][0] for v in range(n)]]


def f(x, n):
    y = x * 2
    ids = make(n)
    return y + torch.Tensor(ids).long().sum()


print(torch.compile(f, backend="eager")(torch.ones(3), 3))
