# einops.rearrange called from a frame that Dynamo skipped (a graph break inside a for loop: "graph break in loop ...
# Skipping the frame", here the deprecated sdp_kernel context manager as in BS-RoFormer's Attend): real torch then
# compiles einops' rearrange (einops/einops.py:561) as its own frame, a graph of one einops_einops_reduce(...,
# reduction='rearrange') node (bsroformer / melband_roformer real traces: frames rearrange:561, pack:33,
# unpack_one, ...). tparse compiles nothing after the skipped frame (false exact).
import torch
from einops import rearrange
@torch.compile(backend="eager")
def f(x):
    for _ in range(1):
        with torch.backends.cuda.sdp_kernel(enable_flash=True):
            x = x + 1
    return rearrange(x, 'b t -> t b')
for n in (8, 12):
    print(f(torch.randn(2, n)).shape)
