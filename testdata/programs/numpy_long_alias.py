# numpy 2 has np.long (= int64 on Linux); tparse's numpy stubs lack it, so np.array(..., dtype=np.long) offsets become unknown (from pytorch-fm torchfm/layer.py)
import numpy as np
import torch

torch.manual_seed(0)
offsets = np.array((0, *np.cumsum([5, 7, 3])[:-1]), dtype=np.long)
emb = torch.nn.Embedding(15, 4)


def f(x):
    x = x + x.new_tensor(offsets).unsqueeze(0)
    return emb(x).sum(1)


g = torch.compile(f, backend="eager")
print(g(torch.tensor([[1, 2, 0], [4, 6, 2]])).shape)
