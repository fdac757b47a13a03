# Expected torch 2.11 behaviour (rule: VariableBuilder wraps a numpy scalar read from a source as a 0-d ndarray, a
# graph input of the scalar's own dtype; the arithmetic with a tensor is a tensor operator on it): a data scaler's
# np.float32 mean / std (a float32 array's reductions are np.float32) held on a global object, used in a compiled
# method. 1 frame, 1 graph, no break: inputs x, the 0-d f32 std and mean (`f32[][]`), mul, add, sum; the second
# call hits the cache (STAEformer's StandardScaler.inverse_transform).
import numpy as np
import torch

data = np.linspace(0.0, 70.0, 100, dtype=np.float32)


class StandardScaler:
    def __init__(self, mean, std):
        self.mean, self.std = mean, std

    def inverse_transform(self, x):
        return (x * self.std) + self.mean


SCALER = StandardScaler(data.mean(), data.std())


@torch.compile(backend="eager")
def f(x):
    return SCALER.inverse_transform(x).sum()


print(SCALER.mean.dtype, round(f(torch.ones(4)).item(), 3))
print(round(f(torch.ones(4)).item(), 3))
