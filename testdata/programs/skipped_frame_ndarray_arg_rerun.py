# A frame Dynamo skips (an int read from a tensor in a loop: "graph break in loop") reruns eagerly on the caller's own
# numpy array, not on the tensor the trace wrapped it as: the one-hots have 3 + 4 + 2 classes (from TabDDPM's
# index_to_log_onehot over self.num_classes, an ndarray attribute)
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
K = np.array([3, 4, 2])


def onehots(x, num_classes):
    out = []
    for i in range(len(num_classes)):
        out.append(F.one_hot(x[:, i], num_classes[i]))
    return torch.cat(out, dim=1)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.num_classes = K
        self.lin = nn.Linear(9, 2)

    def forward(self, x):
        h = onehots(x.long(), self.num_classes).float()
        return self.lin(h)


cm = torch.compile(M(), backend="eager")
for b in (16, 24):
    x = torch.stack([torch.randint(0, int(k), (b,)) for k in K], dim=1).float()
    out = cm(x)
    assert out.shape == (b, 2), out.shape
print(out.shape)
