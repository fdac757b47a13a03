# A Python int argument whose value changes is made dynamic by automatic dynamic; when the call that recompiles
# passes 1 (a decoding step's length after a prompt of 8), torch still makes it a graph input, specialized to its
# value, that the graph's size arguments use; a later call with another length reuses or recompiles as its guard says.
import torch


@torch.compile(backend="eager")
def grow(x, n: int):
    return x.new_zeros(x.shape[0], n) + x[:, :1]


x = torch.randn(2, 4)
for n in (8, 1, 5, 6):
    grow(x, n)
