# A Python list indexed by a one-element integer tensor / ndarray in a compiled frame (gordic's greedy decoding): torch
# 2.11 breaks with GB0070 ("Indexing list with non-scalar tensor"); iterating an ndarray local in a comprehension
# first unpacks it into getitem nodes, kept in the graph the break compiles. Eagerly the tensor's __index__.
#
import torch

words = ['a', 'b', 'c', 'd']


@torch.compile(backend="eager")
def pick(x):
    i = torch.argmax(x)
    y = x * 2
    return y + 1, words[i]


@torch.compile(backend="eager")
def pick_np(x):
    idx = torch.argmax(x, dim=-1).numpy()
    y = x.sin()
    return y, [words[j] for j in idx]


torch.manual_seed(0)
for n in (4, 4):
    y, w = pick(torch.randn(n))
    print(y.shape, w)
for b in (2, 3):
    y, ws = pick_np(torch.randn(b, 4))
    print(y.shape, ws)
print(words[torch.tensor(2)], [words[k] for k in torch.tensor([3, 1]).numpy()])
