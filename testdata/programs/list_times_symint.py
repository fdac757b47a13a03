# MAR's p_sample_loop: `t = torch.tensor([i] * x.shape[0])`. On the recompile (batch 2 -> 3) Dynamo specializes
# the batch (list * SymInt): the graph stays static ([3, 4]) and keeps size()/getitem/mul nodes for the list.
# (Device-verified form: gen_yield_in_no_grad.py.)
import torch


def step(x):
    t = torch.tensor([1] * x.shape[0])
    return x * 0.5 + t[:, None]


f = torch.compile(step, backend="eager")
f(torch.randn(2, 4))
f(torch.randn(3, 4))
