# `xs[t] = v` of a list and a 0-d integer tensor t in a frame: Dynamo's list __setitem__ wants a constant key, GB0156
# "Unsupported method call" at the STORE_SUBSCR, which break_graph_if_unsupported wraps: inside a for loop the frame is
# skipped (from NVIDIA's Flowtron: `original_ids[ids[i]] = i` of sort indices), outside a loop the graph ends before
# the store and the rest resumes after it; eagerly the tensor's __index__ is its value
import torch

torch.manual_seed(0)


@torch.compile(backend="eager")
def unsort(x, lens):
    l, ids = torch.sort(lens, descending=True)
    orig = [0] * l.size(0)
    for i in range(len(ids)):
        orig[ids[i]] = i
    return x[orig] * 2


@torch.compile(backend="eager")
def place(x, lens):
    slots = [None, None]
    y = x + 1
    slots[lens.argmax()] = y
    return slots[0] is None, y * 3


print(unsort(torch.randn(3, 2), torch.tensor([3, 5, 1])).shape)
print(place(torch.randn(2), torch.tensor([1, 4]))[0])
