import numpy as np  # a cached frame replayed on its 3rd call: its traced np.random.randint indexes an ndarray attribute (SAC-AE)
import torch

class Buf:
    def __init__(self):
        self.obses = np.zeros((8, 3, 5, 5), dtype=np.uint8)

    def sample(self):
        idxs = np.random.randint(0, 8, size=4)
        return torch.as_tensor(self.obses[idxs]).float()

def f(buf, step):
    obs = buf.sample()
    print(step)
    return obs.sum(dim=(1, 2, 3)) + obs.shape[0]

buf = Buf()
g = torch.compile(f, backend="eager")
for s in range(3):
    g(buf, s)
