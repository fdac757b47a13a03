# Pins: a data-dependent `if` on a bool buffer the frame reads first (nflows' ActNorm: `if self.training and not
# self.initialized:` with `initialized` a registered bool tensor). Nothing is traced before the jump, yet torch 2.11
# compiles a graph returning the buffer (compile_subgraph's all-tensors stack path), then resumes on each side.
import torch
from torch import nn


class ActNorm(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.register_buffer("initialized", torch.tensor(False, dtype=torch.bool))
        self.log_scale = nn.Parameter(torch.zeros(c))
        self.shift = nn.Parameter(torch.zeros(c))

    def forward(self, x):
        if self.training and not self.initialized:
            with torch.no_grad():
                self.shift.data = -x.mean(0)
                self.log_scale.data = -torch.log(x.std(0) + 1e-6)
                self.initialized.data = torch.tensor(True, dtype=torch.bool)
        return x * torch.exp(self.log_scale) + self.shift


m = ActNorm(3)
cm = torch.compile(m, backend="eager")
for step in range(3):
    y = cm(torch.randn(8, 3))
    print(step, y.shape, bool(m.initialized))
