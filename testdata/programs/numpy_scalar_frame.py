# A numpy scalar a compiled frame reads (np.float64 of np.sqrt, np.int64 of np.prod) is a 0-d tensor there:
# float() / int() of it is a data-dependent _local_scalar_dense, a graph break (GB0033). StyleGAN2/3's bias_act reads
# `spec.def_gain = np.sqrt(2)` from a global table; DAC's hop length is np.prod(rates). Eagerly they stay numbers.
import numpy as np
import torch


class EasyDict(dict):
    def __getattr__(self, name):
        return self[name]


funcs = {"lrelu": EasyDict(def_alpha=0.2, def_gain=np.sqrt(2))}
RATES = [2, 4]
HOP = np.prod(RATES)


def bias_act(x, b, act="lrelu", gain=None):
    spec = funcs[act]
    x = x + b
    x = x * 2
    gain = float(gain if gain is not None else spec.def_gain)
    x = torch.nn.functional.leaky_relu(x, spec.def_alpha)
    if gain != 1:
        x = x * gain
    return x


def frames(x):
    y = x.sum(-1) + 1
    n = int(HOP)
    return y.reshape(-1, n) * 3


assert abs(float(np.sqrt(2)) * 2 - 2.8284271247461903) < 1e-12 and int(HOP) == 8
torch.compile(bias_act, backend="eager")(torch.randn(2, 4), torch.randn(4))
torch.compile(frames, backend="eager")(torch.randn(16, 3))
