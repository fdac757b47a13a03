# a module's numpy-array attribute (read as a tensor input) must pass its guard on the next call; tparse fails it ("expected tensor type, found ndarray") and recompiles (from pytorch-fm torchfm/layer.py FeaturesEmbedding)
import numpy as np
import torch

torch.manual_seed(0)


class Emb(torch.nn.Module):
    def __init__(self, field_dims, dim):
        super().__init__()
        self.embedding = torch.nn.Embedding(sum(field_dims), dim)
        self.offsets = np.array((0, *np.cumsum(field_dims)[:-1]), dtype=np.int64)

    def forward(self, x):
        x = x + x.new_tensor(self.offsets).unsqueeze(0)
        return self.embedding(x).sum(1)


m = Emb([5, 7, 3], 4)
f = torch.compile(m, backend="eager")
x = torch.tensor([[1, 2, 0], [4, 6, 2]])
print(f(x).shape)
print(f(x).shape)  # same input: torch reuses compile 0/0
