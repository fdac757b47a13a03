# torch.randint with low/high/size as keywords (ermongroup/ddim runners/diffusion.py train():
# t = torch.randint(low=0, high=self.num_timesteps, size=(n // 2 + 1,))). Valid torch (eager and in a frame: one
# `torch.randint(low = 0, high = 10, size = (2,))` node, expected: NOT run under real torch); tparse stops the run:
# "randint(low, high, size)" (in eager code too: the ddim_loss driver hit it there).
import torch


@torch.compile(backend="eager")
def f(x):
    t = torch.randint(low=0, high=10, size=(x.shape[0],))
    return x * t[:, None]


t0 = torch.randint(0, 10, (2,))
f(torch.randn(2, 3) + t0[:, None])
f(torch.randn(3, 3))
