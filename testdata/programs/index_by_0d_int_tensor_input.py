# Purpose: a schedule tensor indexed by a 0-d int64 tensor argument (`sched[t]`) and by an expression of it
# (`sched[t - 1]`), plus `if t == 0:` (explainingai-code/DDPM-Pytorch's sample_prev_timestep, t =
# torch.as_tensor(i)). tparse: `sched[t]` on the input guards `t.item() == k` (one compile per value), `sched[t - 1]`
# is a data-dependent break (gb0033), `if t == 0` a gb0170 break. Check how torch 2.11 traces these.
import torch

sched = torch.linspace(0.1, 0.9, 10)


@torch.compile(backend="eager")
def step(x, t):
    y = x * sched[t]
    if t == 0:
        return y
    return y + sched[t - 1]


x = torch.ones(3)
for i in (3, 2, 1, 0):
    print(i, step(x, torch.as_tensor(i)).tolist())
