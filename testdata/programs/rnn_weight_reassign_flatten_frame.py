# An RNN whose weight is reassigned before each call (awd-lstm's WeightDrop: `del _parameters[...]`, then
# `setattr(module, 'weight_hh_l0', w)`): RNNBase.forward's _update_flat_weights sees a changed weight and runs
# _init_flat_weights, which ends in `self.flatten_parameters()`; WeightDrop replaced that with a function of its own,
# a Python frame handed to Dynamo while the LSTM runs eagerly
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.nn import Parameter


class WeightDrop(nn.Module):
    def __init__(self, module, p):
        super().__init__()
        self.module = module
        self.p = p
        self.module.flatten_parameters = self.no_flatten
        w = self.module.weight_hh_l0
        del self.module._parameters["weight_hh_l0"]
        self.module.register_parameter("weight_hh_l0_raw", Parameter(w.data))

    def no_flatten(*args, **kwargs):
        return

    def forward(self, x):
        raw = self.module.weight_hh_l0_raw
        setattr(self.module, "weight_hh_l0", F.dropout(raw, p=self.p, training=self.training))
        return self.module.forward(x)


torch.manual_seed(0)
m = WeightDrop(nn.LSTM(4, 4), 0.2)
f = torch.compile(m, backend="eager")
for _ in range(3):
    print(f(torch.randn(3, 2, 4))[0].shape)
