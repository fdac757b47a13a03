# Purpose: a module's dict cache filled inside the compiled forward (`self.cache[k] = ...` on a miss): which forms
# recompile on the next call with the same key? (a) empty dict, tensor value; (b) one key already there, tensor value;
# (c) one key already there, a nested dict holding a list of tensors (EGNN's _edges_dict); (d) an empty dict, nested
import torch
import torch.nn as nn


class A(nn.Module):
    def __init__(self, prefill, nested):
        super().__init__()
        self.cache = {}
        self.nested = nested
        if prefill:
            self.cache[99] = {1: [torch.zeros(2)]} if nested else torch.zeros(2)

    def edges(self, n):
        if n in self.cache:
            c = self.cache[n]
            return c[1][0] if self.nested else c
        v = torch.arange(n).float()
        self.cache[n] = {1: [v]} if self.nested else v
        return self.edges(n)

    def forward(self, x):
        return x.sum() + self.edges(x.shape[0]).sum()


for prefill, nested in ((False, False), (True, False), (True, True), (False, True)):
    m = A(prefill, nested)
    f = torch.compile(m, backend="eager")
    for n in (4, 4, 4):
        print(prefill, nested, f(torch.ones(n)).item())
