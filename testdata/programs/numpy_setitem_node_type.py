# a numpy ndarray __setitem__ inside a compiled frame: torch's wrapped___setitem__ node has no type annotation (it returns None), tparse annotates it as the array's tensor type (from RepVGG repvgg.py:118 _fuse_bn_tensor id_tensor)
import numpy as np
import torch

torch.manual_seed(0)


def f(w):
    k = np.zeros((4, 4, 3, 3), dtype=np.float32)
    for i in range(4):
        k[i, i, 1, 1] = 1
    return torch.from_numpy(k) * w


g = torch.compile(f, backend="eager")
print(g(torch.randn(4, 1, 1, 1)).shape)
