# a torch error raised while dynamo traces (view of a non-contiguous product) leaves torch.compile as an exception
# the caller's try/except catches; the program goes on (from gram-ai/capsule-networks capsule_network.py)
import torch
torch.manual_seed(0)

@torch.compile(backend="eager")
def f(x, y):
    z = x.transpose(0, 1) * y
    return z.view(z.size(0), -1)

try:
    f(torch.randn(10, 2, 16), torch.randn(2, 10, 1))
except Exception as e:
    print("caught", type(e).__name__)
print("after")
print(f(torch.randn(1, 3, 4), torch.randn(3, 1, 1)).shape)   # a call whose view is fine
