# DrQ-v2's exploration schedule inside a compiled update: `np.clip(step / duration, 0.0, 1.0)` of a step that went
# dynamic. torch._numpy makes the SymFloat a tensor and guards its value, so every new step compiles again.
import numpy as np
import torch

def schedule(step, duration=100000.0):
    mix = np.clip(step / duration, 0.0, 1.0)
    return (1.0 - mix) * 1.0 + mix * 0.1

@torch.compile(backend="eager")
def f(x, step):
    s = schedule(step)
    return x * s

for step in range(4):
    print(f(torch.ones(2), step))
