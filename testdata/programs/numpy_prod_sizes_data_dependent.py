# int(np.prod(size[:-1])) in a frame: torch._numpy converts the tuple with as_tensor, a fake tensor that holds no
# constant when it has more than one element (FakeTensorMode's CONSTANT_NUMEL_LIMIT), so its item() is data dependent
# (GB0033, resumed after); of a single size it is a constant the wrapped item may not return (GB0208) (from awni/speech's
# LinearND, which flattens all but the last dimension)
import numpy as np
import torch


@torch.compile(backend="eager")
def flat(x):
    size = x.size()
    n = int(np.prod(size[:-1]))
    return x.contiguous().view(n, size[-1]) * 2


for shape in ((2, 3, 4), (5, 4), (2, 3, 4)):
    print(flat(torch.randn(*shape)).shape)
