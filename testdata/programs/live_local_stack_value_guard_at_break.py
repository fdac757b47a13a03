# At a graph break Dynamo realizes each live local whose lazy VT's source is not LocalSource(same name) (output_graph._get_stack_values_to_restore: isinstance(v, ContextWrappingVariable)), so a resume frame's int ___stack0 stored into a local that is live across a later break gets EQUALS_MATCH (from ema-pytorch ema_pytorch/ema_pytorch.py EMA.update)
import torch

def f(x, c):
    n = c.item()                 # break; resume frame 1 starts with n = ___stack0 (an int, lazy, unread)
    y = x * 2
    torch._dynamo.graph_break()  # n is live here -> realized -> guard L['___stack0'] == 1 in frame 1
    return y + n

g = torch.compile(f, backend="eager")
for n in (1, 2, 3):
    print(n, g(torch.ones(2), torch.tensor(n)))
