# torch.linalg.lstsq with m < n: solution comes from a column-major (*, max(m,n), k) buffer, strides (max*k, 1, max) (from thuml/Koopa models/Koopa.py KPLayer.one_step_forward)
import torch
torch.manual_seed(0)
x = torch.randn(2, 3, 5)     # m=3 snapshots < n=5 features: underdetermined
y = torch.randn(2, 3, 4)     # k=4
K = torch.linalg.lstsq(x, y).solution
print(tuple(K.shape), K.stride())          # torch: (2, 5, 4) (20, 1, 5)

f = torch.compile(lambda k, z: torch.bmm(z, k).sum(), backend="eager")
print(round(f(K, torch.randn(2, 1, 5)).item(), 4))
