# a torch.Size holding a symbolic dim passed to two graph calls: torch emits a fresh `torch.Size([s, 3])` node per use, tparse reuses one node (from torch/distributions/normal.py Normal.sample, via pytorch-a2c-ppo-acktr-gail FixedNormal)
import torch
torch.manual_seed(0)


@torch.compile(backend="eager")
def sample(loc, scale):
    shape = torch.Size(torch.Size(()) + loc.size())
    return torch.normal(loc.expand(shape), scale.expand(shape))


for b in (4, 6):
    print(sample(torch.zeros(b, 3), torch.ones(b, 3)).shape)
