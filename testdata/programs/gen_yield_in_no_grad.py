# MAR's GaussianDiffusion.p_sample_loop: a generator that yields from inside `with th.no_grad():`, consumed by a
# for loop in the compiled caller (p_sample_loop_progressive / p_sample_loop).
import torch


def progressive(x, steps):
    for i in list(range(steps))[::-1]:
        t = torch.tensor([i] * x.shape[0])
        with torch.no_grad():
            out = {"sample": x * 0.5 + t[:, None]}
            yield out
            x = out["sample"]


def loop(x):
    final = None
    for s in progressive(x, 3):
        final = s
    return final["sample"]


f = torch.compile(loop, backend="eager")
f(torch.randn(2, 4))
f(torch.randn(3, 4))
