# ~mask (bitwise_not / logical_not of a bool tensor of known values) keeps known values: indexing with ~eye(4) selects
# 12 entries, so the resumed graph sees [12] and view(4, -1) is (4, 3), not [16] / (4, 4)
# (from sthalles/SimCLR simclr.py info_nce_loss: labels[~mask].view(labels.shape[0], -1))
import torch
torch.manual_seed(0)


@torch.compile(backend="eager")
def f(sim):
    mask = torch.eye(sim.shape[0], dtype=torch.bool)
    sim = sim[~mask].view(sim.shape[0], -1)   # data-dependent output size: a graph break in torch
    return sim * 2


print(f(torch.randn(4, 4)).shape)
m = ~torch.tensor([True, False, True, True])   # the same in eager code: 1 entry, not 4
print(torch.ones(4)[m].shape)
