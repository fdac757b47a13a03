# torch.where needs a bool condition: a uint8 mask (the ByteTensor masks older code passes) raises eagerly, and in a
# compiled frame the fake kernel's check fails the compile (TorchRuntimeError), which the caller catches
import torch


def f(x, mask):
    y = x * 2
    return torch.where(mask, y, torch.zeros_like(y))


mask = torch.tensor([1, 0, 1], dtype=torch.uint8)
try:
    f(torch.ones(3), mask)
except RuntimeError as e:
    print("eager:", str(e)[:80])
cf = torch.compile(f, backend="eager")
try:
    cf(torch.ones(3), mask)
except Exception as e:
    print("compiled:", type(e).__name__)
print(float(cf(torch.ones(3), mask.bool()).sum()))
