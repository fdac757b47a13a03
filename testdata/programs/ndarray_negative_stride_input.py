# A numpy array with a negative stride (`np.sort(x)[::-1]`, a slice of it) handed to a compiled function:
# torch.from_numpy refuses it, so Dynamo cannot wrap the input where the frame first uses it (GB0185 "failed to convert
# numpy.ndarray to Tensor", the array's str as debug context) and the frame runs eagerly; a copy() converts
# (from InferSent's encode(), which sorts lengths descending and hands slices of them to the model)
import numpy as np
import torch

torch.manual_seed(0)


@torch.compile(backend="eager")
def f(x, lengths):
    order = np.argsort(-lengths)
    return x[torch.from_numpy(order)] * 2


lengths = np.sort(np.array([3, 9, 7, 8, 9]))[::-1]
x = torch.randn(4, 3)
print(f(x, lengths[1:]).shape)          # a view of the reversed array: refused, the frame skipped
print(f(x, lengths[1:].copy()).shape)   # skipped for good: runs eagerly
