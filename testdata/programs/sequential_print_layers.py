# Sequential of two layers whose forward prints (like the reference print_break case).
import torch
import torch.nn as nn


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(16, 16)

    def forward(self, x):
        y = self.lin(x).relu()
        print("layer done")
        return y * 2


m = nn.Sequential(Layer(), Layer())
cm = torch.compile(m, backend="eager")
cm(torch.randn(4, 16))
