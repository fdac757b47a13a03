# a module class with its own __call__ that calls super().__call__ (transformers' GradientCheckpointingLayer), run by a
# skipped caller: each layer is a __call__ frame; the forward's graph break nested in it breaks the __call__ frame at the
# super().__call__ call, the forward is a frame of its own, then the __call__ resumes
import torch


class Layer(torch.nn.Module):
    gradient_checkpointing = False

    def __init__(self, i):
        super().__init__()
        self.lin = torch.nn.Linear(8, 8)
        self.i = i

    def __call__(self, *args, **kwargs):
        if self.gradient_checkpointing and self.training:
            raise RuntimeError("not here")
        return super().__call__(*args, **kwargs)

    def forward(self, x):
        h = self.lin(x)
        if h.sum().item() > 1e9:
            h = h * 2
        return torch.relu(h) + self.i


class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = torch.nn.ModuleList([Layer(i) for i in range(3)])

    def forward(self, x):
        for layer in self.layers:
            x = layer(x)
            if x.max().item() > 1e9:
                break
        return x


torch.manual_seed(0)
m = M().eval()
cm = torch.compile(m, backend="eager")
with torch.no_grad():
    print(tuple(cm(torch.randn(2, 8)).shape))
