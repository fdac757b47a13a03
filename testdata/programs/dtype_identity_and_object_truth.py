# Two Python identities and truths a compiled forward branches on: `y.dtype is torch.int64` (GAN-stability's
# conditional generator embeds integer labels, passes one-hot floats through: torch's dtypes are singletons, so `is`
# holds for torch.long too), and the truth of a user object (`if self.cache:` on a class with __len__, `if flags:`
# on one with __bool__), which Python asks of __bool__, then __len__.
import torch
import torch.nn as nn


class Cache:
    def __init__(self):
        self.items = []

    def __len__(self):
        return len(self.items)


class Flags:
    def __init__(self, on):
        self.on = on

    def __bool__(self):
        return self.on


class Gen(nn.Module):
    def __init__(self):
        super().__init__()
        self.embedding = nn.Embedding(3, 4)
        self.fc = nn.Linear(8, 4)
        self.cache = Cache()

    def forward(self, z, y, flags):
        if y.dtype is torch.int64:
            yembed = self.embedding(y)
        else:
            yembed = y
        out = self.fc(torch.cat([z, yembed], dim=1))
        if self.cache:
            out = out + self.cache.items[-1]
        if flags:
            out = out * 2
        return out


g = torch.compile(Gen(), backend="eager")
z = torch.randn(2, 4)
print(tuple(g(z, torch.tensor([0, 2]), Flags(True)).shape))
print(tuple(g(z, torch.randn(2, 4), Flags(False)).shape))
g.cache.items.append(torch.ones(4))
print(tuple(g(z, torch.tensor([1, 1]).long(), Flags(True)).shape))
print(torch.zeros(1).dtype is torch.float, torch.tensor([1]).dtype is torch.long)
