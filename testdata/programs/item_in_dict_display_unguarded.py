# A metrics dict of item() values built across two breaks (VDM's training forward): the first value stays on the
# stack while the second item() breaks, so the resume function that broke guards it by value; the last resume only
# places its value in the dict it returns and does not guard it (no recompile of that frame when it changes).
import torch


class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.b = torch.nn.Parameter(torch.tensor(-13.3))
        self.w = torch.nn.Parameter(torch.tensor(18.3))

    def forward(self, x):
        loss = (x * self.w).sum() + self.b
        with torch.no_grad():
            g0 = self.b + self.w.abs() * torch.tensor([0.0])
        g1 = self.b + self.w.abs() * torch.tensor([1.0])
        metrics = {
            "loss": loss.mean(),
            "x": x.mean(),
            "g0": g0.item(),
            "g1": g1.item(),
        }
        return loss.mean(), metrics


torch.manual_seed(0)
m = M()
opt = torch.optim.AdamW(m.parameters(), lr=1e-3)
cm = torch.compile(m, backend="eager")
for _ in range(3):
    loss, met = cm(torch.randn(4))
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(round(met["g0"], 2), round(met["g1"], 2))
