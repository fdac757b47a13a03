# A boolean-mask index (aten.nonzero: a dynamic-shape graph break) inside a loop of a helper the compiled function
# calls (torchvision's detection post-processing: `scores[keep_idxs]` per level). Dynamo breaks at the call in the
# caller, then runs the helper as a frame of its own, where the break at the subscript (no CALL) is in a loop.
import torch


def post(xs):
    out = []
    for x in xs:
        keep = x > 0
        out.append(x[keep] * 2)
    return out


def f(a, b):
    h = a + 1
    return post([h, b])


cf = torch.compile(f, backend="eager")
cf(torch.randn(4), torch.randn(4))
