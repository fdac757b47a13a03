# math.sqrt of a tensor breaks the graph (its float is data); the resume function holds the float on its stack,
# guarded by value, so each step's new value recompiles; after automatic dynamic makes it a SymFloat, math.log of an
# expression of it specializes that expression (`(0.5 + 0.5*___as_tensor(___stack0).item()) == ...`): a recompile per
# call (from jxbz/agd's AGD.step: `math.log(0.5 * (1 + math.sqrt(1 + 4*G)))` of the grad norms)
import math
import torch

torch.manual_seed(0)
w = torch.randn(4, 4)


@torch.compile(backend="eager")
def step(x):
    g = (w @ x).norm() / 4
    log = math.log(0.5 * (1 + math.sqrt(1 + 4 * g)))
    return x * log


for i in range(4):
    print(round(step(torch.randn(4, 4)).sum().item(), 4))
