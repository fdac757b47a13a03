# A bound method of a plain config object kept as a module attribute (EfficientZero: `self.inverse_value_transform =
# config.inverse_value_transform`) and called in forward: the config is reached as `L['self'].fn.__self__`, so its
# value_support.range ndarray is a graph input of that source, iterated element by element by torch._numpy.
import numpy as np
import torch

class Support:
    def __init__(self):
        self.range = np.arange(-3, 4, 1)

class Config:
    def __init__(self):
        self.value_support = Support()
    def transform(self, logits):
        return self.inv(logits, self.value_support)
    def inv(self, logits, support):
        v = torch.ones(logits.shape)
        v[:, :] = torch.from_numpy(np.array([x for x in support.range]))
        return (v * logits).sum(1)

class Net(torch.nn.Module):
    def __init__(self, fn):
        super().__init__()
        self.fn = fn
        self.lin = torch.nn.Linear(4, 7)
    def forward(self, x):
        return self.fn(self.lin(x))

cfg = Config()
net = torch.compile(Net(cfg.transform), backend="eager")
print(net(torch.randn(2, 4)).shape)
