# an int argument live across a graph break and read only after it: the break's code passes it to the resume function;
# called again with another int (from transformers' Longformer encoder: padding_len across `.any().item()`)
import torch


@torch.compile(backend="eager")
def f(x, n):
    y = x * 2
    v = x.sum().item()
    return y[:, : y.shape[1] - n] + v


torch.manual_seed(0)
print(tuple(f(torch.randn(2, 8), 2).shape))
print(tuple(f(torch.randn(2, 8), 3).shape))
print(tuple(f(torch.randn(2, 8), 1).shape))
