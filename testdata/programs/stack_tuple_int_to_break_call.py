# a resume function unpacks the tuple a callee returned (its ___stack0) and hands an int of it to a call that breaks
# inside: the call's arguments are restored for it; called again with another padding (from transformers' Longformer:
# `padding_len, ... = self._pad_to_window_size(...)` then `self.encoder(..., padding_len=padding_len)`)
import torch


def pad_to(x, w):
    n = (w - x.shape[1] % w) % w
    print("pad", n)
    return n, torch.nn.functional.pad(x, (0, 0, 0, n))


def encoder(h, padding_len=0):
    s = h.sum().item()
    return h[:, : h.shape[1] - padding_len] * s


@torch.compile(backend="eager")
def model(x):
    padding_len, h = pad_to(x, 8)
    out = encoder(h * 2, padding_len=padding_len)
    return out + 1


torch.manual_seed(0)
print(tuple(model(torch.randn(1, 5, 4)).shape))
print(tuple(model(torch.randn(1, 6, 4)).shape))
