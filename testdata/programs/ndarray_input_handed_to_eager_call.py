# Expected torch 2.11 behaviour (rule: a graph break at a call in a compiled frame runs the callee with the frame's own
# objects: an ndarray argument of the frame is a tensor input inside its graph (`___from_numpy(L['i'])`), but the
# compiled code hands the callee the ndarray itself (TAGNN's `data.get_slice(i)`, its loop skipped at np.unique).
# get_slice's frame breaks at np.unique in its for loop (gb0036 "Dynamic shape operator", aten._unique2) -> GB7000,
# the frame skipped and run eagerly on the real array: n == [3, 2], np.max -> 3.
# f: 3 compiles (f, get_slice skipped, the resume of f), 1 graph (the resume: ones * 3), prints tensor([3., 3.]).
# The resume returns `i` unchanged with the product: the caller gets the ndarray back (`type(...)` below).
# (tparse before round 63: get_slice ran on a tensor of unknown data standing in for `i`, its list stayed empty and
# the run stopped at np.max: "max() arg is an empty sequence".)
import numpy as np
import torch


class Data:
    def __init__(self):
        self.inputs = np.asarray([[1, 2, 3], [4, 4, 0], [5, 6, 7]])

    def get_slice(self, i):
        inputs = self.inputs[i]
        n_node = []
        for u_input in inputs:
            n_node.append(len(np.unique(u_input)))
        return np.max(n_node)


def f(data, i):
    m = data.get_slice(i)
    return torch.ones(2) * m, i


out, back = torch.compile(f, backend="eager")(Data(), np.array([0, 1]))
print(out, type(back).__name__, back.tolist())
