# Iterating self.parameters() (ldm checkpoint: tuple(self.parameters())) wraps each parameter as it is reached,
# so real torch creates their placeholders in REGISTRATION order (a.weight, a.bias, b.weight, b.bias) at the
# iteration, before later first uses; L_x_ comes after them. Placeholder order is graph text, not op counts.
import torch

class Blk(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.a = torch.nn.Linear(4, 4)
        self.b = torch.nn.Linear(4, 4)
    def forward(self, x):
        ps = tuple(self.parameters())
        return self.b(x) + self.a(x) * len(ps)

m = torch.compile(Blk(), backend="eager")
with torch.no_grad():
    print(m(torch.randn(2, 4)).shape)
    print(m(torch.randn(3, 4)).shape)
