# `max(0, bias.size(1) - length)` with a tensor length (a StaticCache's cumulative_length, MPT's ALiBi slice) is
# torch.clamp in the graph; the slice it bounds then needs the value (item()), a break inside BUILD_SLICE that cannot
# be resumed: the graph is compiled up to it and the rest of the function runs eagerly. Later calls are served by
# that entry, whose cached code runs the same clamp: no resume function is made.
import torch


@torch.compile(backend="eager")
def biased(scores, bias, length):
    q = max(0, bias.size(1) - (1 + length))
    bias = bias[:, q:]
    return scores + bias


length = torch.tensor(3)
for _ in range(3):
    biased(torch.randn(4, 1, 16), torch.randn(4, 1, 16), length)
