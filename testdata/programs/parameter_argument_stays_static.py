# An nn.Parameter handed to a compiled function as an argument (a mixture-of-experts layer passing its expert weights
# to a gemm helper) keeps static sizes however its shape changes between calls (force_parameter_static_shapes): the
# activations' sizes turn dynamic by automatic dynamic, the weights' never, so each weight shape has graphs of its own.
import torch

w_up = torch.nn.Parameter(torch.randn(4, 8, 16))
w_down = torch.nn.Parameter(torch.randn(4, 16, 8))


@torch.compile(backend="eager")
def gemm(tokens, weights):
    out = torch.zeros(tokens.shape[0], weights.shape[-1])
    return out + tokens @ weights[0]


with torch.no_grad():
    for n in (8, 3, 5):
        h = gemm(torch.randn(n, 8), w_up)
        gemm(h, w_down)
