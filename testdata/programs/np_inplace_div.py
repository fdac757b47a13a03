# An in-place operator on a numpy array traced in the frame (score_sde up_or_down_sampling._setup_kernel:
# k = np.outer(k, k); k /= np.sum(k); then _setup_kernel(k) * gain). Real dynamo: numpy_operator_wrapper nodes
# `torch__dynamo_utils_wrapped_itruediv(k_1, wrapped_sum)` and, the result still a numpy array,
# `torch__dynamo_utils_wrapped_mul(k_2, 4)` (call_function). tparse: `k_1 /= wrapped_sum` (no call node) and a
# plain tensor `k_2 * 4`.
import numpy as np
import torch
import torch.nn.functional as F


def setup_kernel(k):
    k = np.asarray(k, dtype=np.float32)
    k = np.outer(k, k)
    k /= np.sum(k)
    return k


@torch.compile(backend="eager")
def f(x):
    k = setup_kernel([1, 3, 3, 1]) * 4
    return F.conv2d(x, torch.tensor(k)[None, None])


f(torch.randn(2, 1, 8, 8))
f(torch.randn(3, 1, 8, 8))
