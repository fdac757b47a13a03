# torch.linalg.eigh run eagerly in a module's __init__ (S4's DPLR init), its results used in the compiled forward
import torch
torch.manual_seed(0)
class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        a = torch.randn(6, 6)
        evals, evecs = torch.linalg.eigh(a + a.T)
        self.register_buffer("v", evecs[:, -2:].clone())
        self.register_buffer("e", evals[-2:].clone())
    def forward(self, x):
        vals, vecs = torch.linalg.eigh(x @ x.transpose(-1, -2))
        return (x @ self.v) * self.e, vals.sum(-1), vecs.abs().mean()
cm = torch.compile(M(), backend="eager")
for b in (2, 3):
    print([t.shape for t in cm(torch.randn(b, 6, 6))])
