# A .item() in every layer of a loop: the break in the loop skips the root frame; each layer's
# forward compiles as its own frame with a resume function after the .item().
import torch
import torch.nn as nn

D, LAYERS = 16, 4


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(D, D)

    def forward(self, x):
        h = torch.relu(self.lin(x))
        scale = h.abs().mean().item()
        return x + h / (scale + 1.0)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList(Layer() for _ in range(LAYERS))
        self.out = nn.Linear(D, 2)

    def forward(self, x):
        for layer in self.layers:
            x = layer(x)
        return self.out(x)


def build():
    torch.manual_seed(0)
    model = Model().eval()
    calls = [(torch.randn(8, D),), (torch.randn(8, D),), (torch.randn(5, D),)]
    return model, calls


if __name__ == "__main__":
    model, calls = build()
    cm = torch.compile(model, backend="eager")
    with torch.no_grad():
        for args in calls:
            cm(*args)
