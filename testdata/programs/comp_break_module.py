# A graph break inside a list comprehension of a module's forward (per-row boolean-mask reads, as keypoint heads
# do): torch 2.11 compiles the layer before it, runs the comprehension eagerly and resumes after it; a second
# call with another batch size recompiles both frames. A comprehension calling a user function that breaks: the
# function is a frame of its own, converted when the eager comprehension calls it.
import torch


class Rows(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.l = torch.nn.Linear(8, 8)

    def forward(self, x):
        h = self.l(x)
        outs = [h[i][h[i] > 0].sum() for i in range(h.shape[0])]
        return torch.stack(outs) + h.sum()


def noisy(t):
    u = t * 2
    print("shape", tuple(u.shape))
    return u + 1


def calls_breaking(x):
    y = x.cos()
    parts = [noisy(y[i]) for i in range(2)]
    return torch.cat(parts) + 1


m = torch.compile(Rows(), backend="eager")
m(torch.randn(3, 8))
m(torch.randn(5, 8))
torch.compile(calls_breaking, backend="eager")(torch.randn(2, 4))
