# nll_loss over a permuted 4-d log_softmax (`F.log_softmax(y, dim=3).permute(0, 3, 1, 2)`): the compiled forward is
# fine, but nll_loss2d's CPU backward allocates grad_input like its dense permuted input and refuses it
# ("grad_input must be contiguous") when loss.backward() runs; nn.NLLLoss(weight) built inside the frame leaves its
# API-usage log node in the graph; the edge distances come from scipy's squareform(pdist(...)) (from chaitjo's
# graph-convnet-tsp ResidualGatedGCNModel.loss_edges)
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
from scipy.spatial.distance import pdist, squareform

torch.manual_seed(0)
np.random.seed(0)

lin = nn.Linear(3, 2)


@torch.compile(backend="eager")
def step(values, target, cw, permute):
    y = F.log_softmax(lin(values.unsqueeze(3).expand(-1, -1, -1, 3)), dim=3)
    if permute:
        y = y.permute(0, 3, 1, 2)
    else:
        y = y.permute(0, 3, 1, 2).contiguous()
    return nn.NLLLoss(cw)(y, target)


coords = np.random.rand(2, 5, 2)
values = torch.FloatTensor(np.stack([squareform(pdist(c, metric='euclidean')) for c in coords]))
target = torch.randint(0, 2, (2, 5, 5))
cw = torch.tensor([1.0, 3.0])
print(tuple(values.shape), round(values.sum().item(), 4))
for permute in (True, False):
    loss = step(values, target, cw, permute)
    try:
        loss.backward()
        print(permute, "backward ok", round(loss.item(), 4))
    except RuntimeError as e:
        print(permute, "RuntimeError:", e)
