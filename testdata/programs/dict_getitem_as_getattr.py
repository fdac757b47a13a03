# a class attribute bound to a C slot wrapper (`__getattr__ = dict.__getitem__`, the AttrDict config idiom) works as a method; tparse stops with AttributeError (from HRNet/HRNet-Semantic-Segmentation config dict, yacs-style)
import torch
torch.manual_seed(0)

class AttrDict(dict):
    __getattr__ = dict.__getitem__

cfg = AttrDict(SCALE=2.0, EXTRA=AttrDict(SHIFT=1.0))

def f(x):
    return x * cfg.SCALE + cfg.EXTRA.SHIFT + cfg["SCALE"]

cf = torch.compile(f, backend="eager")
print(cf(torch.ones(3)))      # torch: tensor([5., 5., 5.]) in one graph
