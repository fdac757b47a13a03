# `p.data = expr` inside a compiled frame (MoCo's momentum update of the key encoder, under no_grad): Dynamo records
# the assignment as graph nodes of its own
import torch
import torch.nn as nn


class Momentum(nn.Module):
    def __init__(self):
        super().__init__()
        self.base = nn.Linear(4, 4)
        self.momentum = nn.Linear(4, 4)

    @torch.no_grad()
    def update(self, m):
        for pb, pm in zip(self.base.parameters(), self.momentum.parameters()):
            pm.data = pm.data * m + pb.data * (1.0 - m)

    def forward(self, x):
        self.update(0.99)
        return self.base(x) - self.momentum(x)


cm = torch.compile(Momentum(), backend="eager")
cm(torch.randn(2, 4))
cm(torch.randn(2, 4))
