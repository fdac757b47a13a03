# A frame that breaks inside `with torch.no_grad():` leaves the block to eager code; a frame compiled later inside that
# block is entered with grad off and has no grad-mode block of its own, so its graph holds no `_set_grad_enabled` node
# (GDSS's sampler: `with torch.no_grad():` around a loop whose corrector step is compiled on its own).
# Expected torch 2.11 behaviour (backend="eager"): sampler's frame skipped (a break in its loop); step compiled once,
# its graph 4 ops with no _set_grad_enabled node.
import torch


def step(x, t):
    return x + t * 0.5 - x.mean()


cstep = torch.compile(step, backend="eager")


@torch.compile(backend="eager")
def sampler(x):
    with torch.no_grad():
        for i in range(2):
            print("sampling", i)  # a graph break in a loop inside the block: the frame is skipped, the loop runs eagerly
            x = cstep(x, torch.full((2,), float(i)))
    return x


print(sampler(torch.ones(2)).tolist())
