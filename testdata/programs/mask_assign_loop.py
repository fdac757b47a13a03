# Boolean-mask assignment in a helper called from a loop (vits' rational-quadratic spline inside its flows): the
# mask's nonzero breaks the graph inside the loop, so the caller is skipped and runs eagerly; the helper becomes a
# frame of its own, and its second call replays the cached entry, whose breaks lead to the same resume functions.
# (Every mask selects all entries, so the sizes do not depend on the random data.)
import torch


def spline(inputs):
    keep = inputs > -1e9
    outputs = torch.zeros_like(inputs)
    outputs[keep] = inputs[keep]
    outputs[keep] = inputs[keep] * 2
    return outputs


def flows(x):
    for _ in range(2):
        x = spline(x)
    return x


print(torch.compile(flows, backend="eager")(torch.randn(4)).shape)
