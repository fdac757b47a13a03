# a submodule overriding train() (EfficientFormer's cached attention biases): eval() calls it
import torch, torch.nn as nn
class Attn(nn.Module):
    def __init__(self):
        super().__init__()
        self.attention_biases = nn.Parameter(torch.randn(2, 5))
        self.register_buffer("idxs", torch.randint(0, 5, (4, 4)))
    @torch.no_grad()
    def train(self, mode=True):
        super().train(mode)
        if mode and hasattr(self, 'ab'):
            del self.ab
        else:
            self.ab = self.attention_biases[:, self.idxs]
    def forward(self, x):
        return x + (self.attention_biases[:, self.idxs] if self.training else self.ab)
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = Attn()
    def forward(self, x):
        return self.a(x).softmax(-1)
m = Net()
cm = torch.compile(m)
x = torch.randn(3, 2, 4, 4)
cm(x).sum().backward()
m.eval()
print(hasattr(m.a, "ab"))
with torch.no_grad():
    print(cm(x).shape)
m.train()
print(hasattr(m.a, "ab"), cm(x).shape)
