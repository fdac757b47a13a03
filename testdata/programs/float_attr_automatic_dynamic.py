# Automatic dynamic applies to a float attribute of a plain (non-nn) global object: after it changes (`self._step += 1`) the recompile wraps G['sched']._step as a tensorified float graph input (f64[] + .item()), no more EQUALS_MATCH (from jepa src/utils/schedulers.py WarmupCosineSchedule.step)
import math
import torch

class Sched:
    def __init__(self):
        self._step = 0.

    def step(self):
        self._step += 1
        return 0.5 * (1. + math.cos(math.pi * self._step / 10))

sched = Sched()

def f(x):
    lr = sched.step()
    return x * 2, lr

g = torch.compile(f, backend="eager")
for i in range(4):
    y, lr = g(torch.ones(2))
    print(i, round(lr, 4))
