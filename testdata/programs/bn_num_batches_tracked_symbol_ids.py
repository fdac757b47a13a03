# training-mode BatchNorm: torch's ShapeEnv creates a symbol for each `num_batches_tracked` buffer's .item() (batchnorm.py:173, source G['m']._modules['1']._buffers['num_batches_tracked'].item() -> id 17) which takes that id, so a later dynamic size symbol probes past it: L['y'].size()[0] (sha256 id 17) becomes s18, not s17 (from gen-efficientnet-pytorch mobilenetv3 train step: torch s19, tparse s17)
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
m = nn.Sequential(nn.Linear(8, 8), nn.BatchNorm1d(8), nn.Linear(8, 4))
m.train()


@torch.compile(backend="eager")
def f(x, y):
    return F.cross_entropy(m(x), y)


for bs in (2, 3):
    print(round(float(f(torch.randn(bs, 8), torch.randint(0, 4, (bs,)))), 3) > 0)
