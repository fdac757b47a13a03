# Hidden states handed to a compiled function as a list of per-layer tuples, then (after an eager mask step rebuilt
# them) as a list of lists, as xLSTM's generate does: each item is wrapped with SEQUENCE_LENGTH (a TYPE_MATCH, then
# its length) where the frame reads it, so a list where a tuple was recompiles.
import torch


def cell(x, h):
    a, b = h
    return x + a * b, (a + 1, b)


@torch.compile(backend="eager")
def step(x, hid):
    for i in range(2):
        x, hid[i] = cell(x, hid[i])
    return x, hid


x = torch.randn(3)
hid = [(torch.randn(3), torch.randn(3)) for _ in range(2)]
x, hid = step(x, hid)
x, hid = step(x, hid)
print(type(hid[0]).__name__, tuple(x.shape))
hid = [[v * 1 for v in layer] for layer in hid]
x, hid = step(x, hid)
print(type(hid[0]).__name__, tuple(x.shape))
x, hid = step(x, hid)
print(round(float(x.sum()), 4) == round(float(x.sum()), 4))
