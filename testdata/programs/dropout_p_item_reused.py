# Under dynamic=True a float module attribute read twice (one nn.Dropout used twice in Mlp.forward) gives one .item() node, stamped with the first use's line; a zero float prints as Sym(0.0) (from VisionPermutator models/vip.py Mlp)
import torch
import torch.nn as nn

torch.manual_seed(0)


class Mlp(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.fc1 = nn.Linear(d, 2 * d)
        self.act = nn.GELU()
        self.fc2 = nn.Linear(2 * d, d)
        self.drop = nn.Dropout(0.0)

    def forward(self, x):
        x = self.fc1(x)
        x = self.act(x)
        x = self.drop(x)
        x = self.fc2(x)
        x = self.drop(x)
        return x


m = Mlp(8).eval()
f = torch.compile(m, backend="eager", dynamic=True)
with torch.no_grad():
    print(f(torch.randn(2, 8)).shape)
