# An attribute of a dict subclass (an easydict-style config: `cfg.A.T` where __setattr__ also sets the item) is read
# as an instance's is: an ndarray there is a graph input of its source (`G_cfg_A_T: "f64[3][1]cpu"`), iterated as
# getitem nodes, as a plain object's attribute is (from TrajGRU's nowcasting config, cfg.HKO.EVALUATION.THRESHOLDS)
from collections import OrderedDict

import numpy as np
import torch


class E(OrderedDict):
    def __setattr__(self, name, value):
        super().__setattr__(name, value)
        super().__setitem__(name, value)


cfg = E()
cfg.A = E()
cfg.A.T = np.array([0.5, 2, 5])


class P:
    pass


p = P()
p.T = np.array([0.5, 2, 5])


@torch.compile(backend="eager")
def f(x):
    th = [np.log10(e) for e in cfg.A.T]
    th2 = [np.log10(e) for e in p.T]
    return x + th[0] + th2[1]


print(f(torch.ones(3)))
