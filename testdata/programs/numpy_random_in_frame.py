# np.random.permutation inside a compiled frame: torch._numpy has no numpy.random, so Dynamo breaks (gb0294) and the
# permutation runs in Python (from CUT's PatchSampleF: patch ids drawn with numpy)
import numpy as np
import torch
import torch.nn as nn

torch.manual_seed(0)
np.random.seed(0)


class Sampler(nn.Module):
    def __init__(self):
        super().__init__()
        self.mlp = nn.Linear(8, 8)

    def forward(self, feat, num_patches=16):
        flat = feat.flatten(2).permute(0, 2, 1)
        ids = np.random.permutation(flat.shape[1])
        ids = ids[: min(num_patches, flat.shape[1])]
        ids = torch.tensor(ids, dtype=torch.long)
        x = flat[:, ids, :].flatten(0, 1)
        return self.mlp(x)


cm = torch.compile(Sampler(), backend="eager")
print(cm(torch.randn(2, 8, 6, 6)).shape)
print(cm(torch.randn(2, 8, 6, 6)).shape)
