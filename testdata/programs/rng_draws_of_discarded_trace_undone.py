# Seen on torch 2.11 (a helper's device run): prints A 7 / B 10 / C 3 / D / E 13 / F 10 (tparse before round 61:
# E 10 / F 11, draws of discarded traces kept).
# Expected torch 2.11 behaviour (backend="eager"):
#   The CPU generator advances only by random ops that actually RUN: eager ops, and the ops of graphs that are
#   called (a dropout in a compiled eager-backend graph draws at every call: B, C agree). M.forward's randint is
#   traced twice without running: once inlined in the lambda's frame (attempt rolled back when the break inside
#   M.forward reaches the CALL) and once in M.forward's own frame, which fails ("Data dependent operator" in a
#   loop -> frame skipped, runs eagerly). Only the eager run draws: one draw per call before E / F.
# Rule: torch/_dynamo/convert_frame.py (a failed frame runs the original code eagerly), symbolic_convert.py
#   speculation restart (a discarded trace runs nothing), fake tensors draw nothing while tracing.
import numpy as np
import torch

torch.manual_seed(0)
x = torch.randn(3, 18, 4)
drop = torch.nn.Dropout(0.35)
print("A", int(torch.randint(15, (1,))))                 # eager baseline
cf = torch.compile(lambda v: drop(v) * 2, backend="eager")
cf(x)
print("B", int(torch.randint(15, (1,))))                 # after a compiled graph with dropout (draws at run time)
cf(x)
print("C", int(torch.randint(15, (1,))))                 # cached graph again


class M(torch.nn.Module):
    def forward(self, v):
        t = torch.randint(15, size=(1,))
        acc = torch.zeros(2, v.shape[0], 4)
        for i in np.arange(0, 2):
            acc[i] = v[:, t + i, :].view(v.shape[0], 4)
        return acc.sum() + t


m = M()
cg = torch.compile(lambda v: m(v * 2), backend="eager")
print("D", int(cg(x) - cg(x).detach() * 0 - 0) if False else "")
r = cg(x)
print("E", int(torch.randint(15, (1,))))                 # after: graph (v*2), failed frame M.forward run eagerly
r = cg(x)
print("F", int(torch.randint(15, (1,))))
