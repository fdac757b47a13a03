# A data-dependent `if` inside a helper that the compiled function calls (fastspeech2_conformer's length_regulator):
# Dynamo breaks at the call in the caller (the inner break, reported through the CALL), then runs the helper as a
# frame of its own, which breaks at its jump again.
import torch


def regulate(d, speed=1.0):
    if speed <= 0:
        raise ValueError("speed must be positive")
    if d.sum() == 0:
        d = d + 1
    return d * 2


def build():
    def f(x):
        h = torch.relu(x) + 1
        y = regulate(h)
        return y - 1

    return f, [(torch.randn(4, 3),)]
