# SiT's Transport.training_losses: `if model_kwargs == None:` with model_kwargs a dict. Dynamo's dict.__eq__
# polyfill calls len(None): TypeError inside the tracer -> "Observed exception", the frame falls back to eager
# (the functions it calls are compiled as frames of their own).
import torch


def mean_flat(x):
    return torch.mean(x, dim=list(range(1, len(x.size()))))


def losses(x, model_kwargs=None):
    if model_kwargs == None:
        model_kwargs = {}
    out = x * model_kwargs["scale"]
    return mean_flat((out - x) ** 2)


f = torch.compile(losses, backend="eager")
f(torch.randn(2, 3, 4), dict(scale=2.0))
f(torch.randn(3, 3, 4), dict(scale=2.0))
