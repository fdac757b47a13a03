# a local that a nested genexpr reads in its element expression is a cell (STORE_DEREF): storing a tensor in it does not rename the node, even if the same name is also the genexpr's outermost iterable (from transformers models/funnel/modeling_funnel.py pool_tensor)
import torch

def pool(tensor, stride=2):
    if isinstance(tensor, (tuple, list)):
        return type(tensor)(pool(tensor, stride) for x in tensor)   # `tensor` captured: a cell var
    tensor = torch.cat([tensor[:, :1], tensor], dim=1)              # torch: cat (no name hint); not `tensor`
    return tensor[:, ::stride]

def pool2(tensor, stride=2):
    if isinstance(tensor, (tuple, list)):
        return type(tensor)(pool2(x, stride) for x in tensor)       # `tensor` only as outermost iterable: plain local
    tensor = torch.cat([tensor[:, :1], tensor], dim=1)              # torch: tensor (STORE_FAST name hint)
    return tensor[:, ::stride]

f = torch.compile(lambda x: (pool(x), pool2(x)), backend="eager")
print([t.shape for t in f(torch.randn(2, 6))])
