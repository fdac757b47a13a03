# once a frame hits recompile_limit (8), torch runs it eagerly AND compiles nothing new in the frames it calls (RUN_ONLY recursively); tparse compiles the callee as a new top-level frame (from consistency_models cm/unet.py ResBlock.forward -> nn.checkpoint)
import torch

torch.manual_seed(0)


def inner(x, k):
    return torch.relu(x) + k


def outer(x, k):
    return inner(x * 2, k)


f = torch.compile(outer, backend="eager", dynamic=False)
x = torch.randn(4)
for k in range(10):
    y = f(x, k)
print(y.shape)
# torch: frame outer compiles 0/0..0/7, 0/8 hits the limit; inner is never compiled as its own frame
