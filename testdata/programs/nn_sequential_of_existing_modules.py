# nn.Sequential(*existing_modules) built inside a compiled frame constructs no Parameter: Dynamo inlines its
# __init__ and forward, no GB0264 graph break (from lucidrains/g-mlp-pytorch g_mlp_pytorch.py gMLP.forward)
import torch
from torch import nn
torch.manual_seed(0)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(8, 8) for _ in range(2)])
        self.head = nn.Linear(8, 4)

    def forward(self, x):
        out = nn.Sequential(*self.layers)(x)
        return self.head(out)


f = torch.compile(Net().eval(), backend="eager")
with torch.no_grad():
    print(f(torch.randn(2, 8)).shape)
