# An in-place write through `t.data` (t.data.copy_(v)) changes t's values: a later t.item() reads the new value (from ema-pytorch ema_pytorch/ema_pytorch.py EMA.update `self.initted.data.copy_(torch.tensor(True))`)
import torch

class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("initted", torch.tensor(0))

    def forward(self, x):
        if self.initted.item() == 0:                      # break; resume guards ___stack0 == 0
            self.initted.data.copy_(torch.tensor(1))      # writes the buffer's data
            return x + 1
        return x - 1

g = torch.compile(M(), backend="eager")
for i in range(3):
    print(i, g(torch.ones(2)))
