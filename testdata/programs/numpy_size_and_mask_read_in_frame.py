# In a frame numpy's functions run as torch._numpy's: np.size returns an int, which Dynamo cannot put in the graph
# (GB0208 at the call), and a boolean-mask read `rad[idx]` of `idx = rad <= 1` is aten.nonzero, a dynamic shape
# (GB0036), inside a loop a skip of the frame; eagerly np.uint8 / np.float32 of those arrays keep their shape (from
# daa233's generative-inpainting-pytorch compute_color of the flow visualisation)
import numpy as np
import torch

torch.manual_seed(0)


@torch.compile(backend="eager")
def color(u, v):
    wheel = np.ones((5, 3)) * 255
    ncols = np.size(wheel, 0)
    rad = np.sqrt(u ** 2 + v ** 2)
    img = np.zeros(u.shape + (3,))
    for i in range(np.size(wheel, 1)):
        col = wheel[:, i][0] / 255 * (1 - rad / ncols)
        idx = rad <= 1
        col[idx] = 1 - rad[idx] * (1 - col[idx])
        img[:, :, i] = np.uint8(np.floor(255 * col))
    return np.float32(img)


for _ in range(2):
    u = np.random.rand(4, 4)
    v = np.random.rand(4, 4)
    print(color(u, v).shape)
