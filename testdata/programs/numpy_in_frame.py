# numpy called inside a compiled frame (CTRL's `inputs_embeds *= np.sqrt(self.d_model_size)`): Dynamo traces a
# numpy function through torch._numpy as a graph node (even on constant arguments), and the tensor operator on
# its result is a node too; np.pi is a plain float
import numpy as np
import torch
import torch.nn as nn


class Embed(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.d = d
        self.emb = nn.Embedding(32, d)

    def forward(self, ids):
        x = self.emb(ids)
        x *= np.sqrt(self.d)
        y = x * np.pi + np.log(10000.0)
        return y.relu()


m = torch.compile(Embed(16), backend="eager")
m(torch.randint(0, 32, (2, 8)))
m(torch.randint(0, 32, (2, 12)))
