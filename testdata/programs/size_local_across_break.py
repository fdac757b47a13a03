# A tensor's shape kept in a local across a graph break (`original_shape = x.shape`, used after the break to view
# the result back): the resume function receives the torch.Size, and automatic dynamic treats its items as int inputs
# of their own. A later call with another length makes that item a SymInt graph input, and the view's size is then
# built in the graph as `torch.Size([...])`.
import torch


@torch.compile(backend="eager")
def fold(x):
    original_shape = x.shape
    flat = x.view(-1, x.size(-1))
    torch._dynamo.graph_break()
    return (flat * 2).view(original_shape)


for n in (8, 1, 5, 6):
    fold(torch.randn(1, n, 4))
