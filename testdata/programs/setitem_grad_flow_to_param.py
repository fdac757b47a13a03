# out = zeros(...); out[:, :k] = f(param) makes `out` part of the autograd graph, so after loss.backward() param.grad is set and the post-backward optimizer frame reads it (from fourier_neural_operator fourier_2d.py SpectralConv2d out_ft[...] = compl_mul2d(..., weights) + Adam.py)
import torch

torch.manual_seed(0)
w = torch.nn.Parameter(torch.rand(3, 3))
b = torch.nn.Parameter(torch.zeros(3))
params = [w, b]

def train_step(x):
    out = torch.zeros(x.shape[0], 5)
    out[:, :3] = x @ w
    loss = (out + 1).pow(2).mean() + b.sum()
    loss.backward()
    n = 0
    with torch.no_grad():
        for p in params:
            if p.grad is not None:
                p.add_(p.grad, alpha=-0.1)
                n += 1
    return loss.detach(), n

f = torch.compile(train_step, backend="eager")
print(f(torch.randn(2, 3))[1])
print(w.grad is not None)
