# torch.promote_types folded to a dtype inside a frame (torchdiffeq's adaptive solvers), and an in-place
# unsqueeze_ with its dim by keyword (DeepCTR-Torch's OutterProductLayer: `p.unsqueeze_(dim=1)`).
import torch

kernel = torch.randn(4, 3, 4)


def f(y):
    dt = torch.promote_types(torch.float64, y.abs().dtype)
    rtol = torch.as_tensor(1e-3, dtype=dt, device=y.device)
    n = torch.as_tensor(10, dtype=torch.int32, device=y.device)
    return (y * rtol).to(dt) + n


def g(a, b):
    p = torch.cat([a, b, a], dim=1)
    p.unsqueeze_(dim=1)
    kp = torch.sum(torch.mul(p, kernel), dim=-1)
    return torch.transpose(kp, 2, 1).sum(-1)


print(torch.compile(f, backend="eager")(torch.randn(2, 4)).dtype)
print(torch.compile(g, backend="eager")(torch.randn(2, 1, 4), torch.randn(2, 1, 4)).shape)
