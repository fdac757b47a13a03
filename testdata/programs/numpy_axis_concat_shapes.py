# numpy forms whose results size a compiled model's inputs: np.c_ / np.r_ / column_stack, any / all with an axis,
# RandomState.dirichlet (PINN_Torch's `np.c_[x, t]`, meta-tasnet's `(separated != 0).any(-1)`, spotlight's transition
# matrix)
import numpy as np
import torch
torch.manual_seed(0)
np.random.seed(0)

x = np.random.uniform(-1, 1, size=7)
t = np.zeros(7)
XT = np.c_[x, t]
R = np.r_[x, 5.0, 0:3]
C = np.column_stack([x, t, x])
mask = np.array([[0, 1, 0], [0, 0, 0], [1, 1, 0]])
rows = mask.any(-1)
cols = np.all(mask == 0, axis=0)
D = np.random.RandomState(1).dirichlet([1.0, 1.0, 1.0, 1.0], size=5)


@torch.compile(backend="eager")
def f(a):
    return (a * 2).sum(0)


print(XT.shape, R.shape, C.shape, rows.tolist(), cols.tolist(), D.shape)
for arr in (XT, C, D):
    print(f(torch.from_numpy(arr).float()).shape)
print(f(torch.from_numpy(R).float()).shape)
