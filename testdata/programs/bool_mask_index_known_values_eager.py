# a boolean-mask index (t[mask]) of a tensor with known values keeps its values: a later mask built from the result counts its true entries (from SimCLR simclr.py)
import torch

def info_nce(sim):
    labels = torch.cat([torch.arange(2) for i in range(2)], dim=0)
    labels = (labels.unsqueeze(0) == labels.unsqueeze(1)).float()
    mask = torch.eye(labels.shape[0], dtype=torch.bool)
    labels = labels[~mask].view(labels.shape[0], -1)       # graph break (nonzero); eager result has 4 ones in 12
    sim = sim[~mask].view(sim.shape[0], -1)
    positives = sim[labels.bool()].view(labels.shape[0], -1)  # torch: 4 entries -> [4, 1]
    negatives = sim[~labels.bool()].view(sim.shape[0], -1)    # torch: 8 entries -> [4, 2]
    return torch.cat([positives, negatives], dim=1) / 0.07

f = torch.compile(info_nce, backend="eager")
print(f(torch.randn(4, 4)).shape)
