# A list of numpy integers inside a tuple index (VideoPose3D's `pred[1, :, joints_left + joints_right]`, the joint lists
# built as `joint - index_offsets[joint]`): in a frame each numpy integer is a 0-d tensor input, and the list nested in
# the tuple is made an index tensor from their data, which fake tensors lack (TorchRuntimeError). Plain ints there, and
# the same numpy list eagerly, index as usual.
import numpy as np
import torch

offsets = np.zeros(6, dtype=int)
offsets[3:] += 1
left = [j - offsets[j] for j in [1, 4]]
right = [j - offsets[j] for j in [2, 5]]


def swap(x):
    y = x * 2
    y[1, :, left + right] = y[1, :, right + left]
    return y.sum(0)


def swap_plain(x):
    y = x * 2
    y[1, :, [0, 1]] = y[1, :, [1, 0]]
    return y.sum(0)


x = torch.randn(2, 3, 5)
print(tuple(swap(x).shape))
try:
    torch.compile(swap, backend="eager")(x)
    print("compiled")
except Exception as e:
    print("failed:", type(e).__name__)
print(tuple(torch.compile(swap_plain, backend="eager")(x).shape))
