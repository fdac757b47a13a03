# A tensor stored to a module global inside the frame (UniFormer's EvoSABlock: `global global_attn,
# token_indices`) is a side effect Dynamo replays after the graph: the stored slices are graph outputs even though
# the frame never reads them again, and the store does not name their nodes.
import torch

g = None
t = None


def block(x):
    global g, t
    y = torch.cat((x, x[:, :, :2]), -1)
    x, g, t = y[:, :, :-2], y[:, :, -2], y[:, :, -1]
    return x


@torch.compile(backend="eager")
def f(x):
    return block(x) * 2


with torch.no_grad():
    for b in (2, 3):
        print(f(torch.randn(b, 4, 8)).shape, g.shape, t.shape)
