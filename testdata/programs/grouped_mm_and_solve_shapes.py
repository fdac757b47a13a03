# shapes and strides of F.grouped_mm (transformers' MoE experts, eager on torch >= 2.10) and of linalg.solve_triangular /
# solve / cholesky (gated delta rules' UT transform), eager and in a compiled frame
import torch
import torch.nn.functional as F

torch.manual_seed(0)
x = torch.randn(10, 16)
w = torch.randn(4, 16, 24)
offs = torch.tensor([2, 5, 9, 10], dtype=torch.int32)
y = F.grouped_mm(x, w, offs=offs)
print("grouped_mm", tuple(y.shape), y.stride())
a = torch.randn(2, 3, 5, 5).tril() + 5 * torch.eye(5)
b = torch.randn(2, 3, 5, 7)
s = torch.linalg.solve_triangular(a, b, upper=False, unitriangular=True)
print("solve_triangular", tuple(s.shape), s.stride())
s2 = torch.linalg.solve(a, b)
print("solve", tuple(s2.shape), s2.stride())
spd = a @ a.transpose(-1, -2)
l = torch.linalg.cholesky(spd)
print("cholesky", tuple(l.shape), l.stride())


@torch.compile(backend="eager")
def f(a, b, spd):
    s = torch.linalg.solve_triangular(a, b, upper=False, unitriangular=True)
    l = torch.linalg.cholesky(spd)
    return s.sum(-1) + l.sum(-1)


print(tuple(f(a, b, spd).shape))
