# d2l's HyperParameters.save_hyperparameters: the caller's arguments read through inspect.currentframe().f_back and
# inspect.getargvalues become attributes before the module's layers are built.
import inspect

import torch
from torch import nn


class HP:
    def save_hyperparameters(self, ignore=[]):
        frame = inspect.currentframe().f_back
        _, _, _, local_vars = inspect.getargvalues(frame)
        self.hparams = {k: v for k, v in local_vars.items() if k not in set(ignore + ['self']) and not k.startswith('_')}
        for k, v in self.hparams.items():
            setattr(self, k, v)


class M(nn.Module, HP):
    def __init__(self, width=8, scale=0.5, _hidden=3):
        super().__init__()
        self.save_hyperparameters()
        self.lin = nn.Linear(4, self.width)

    def forward(self, x):
        return self.lin(x) * self.scale


m = M(width=6)
assert sorted(m.hparams.items()) == [('scale', 0.5), ('width', 6)] and not hasattr(m, '_hidden')
sig = inspect.signature(M.__init__)
ba = sig.bind(None, 3, scale=0.25)
ba.apply_defaults()
assert ba.arguments == {'self': None, 'width': 3, 'scale': 0.25, '_hidden': 3}, ba.arguments
print(torch.compile(m, backend="eager")(torch.randn(2, 4)).shape)
