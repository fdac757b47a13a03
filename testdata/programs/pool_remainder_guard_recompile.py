# Pooling's output size is div_rtn(x, stride) in torch's meta (pooling_output_shape): on a dynamic size it tests the
# remainder `x % stride != 0`, a shape guard, so an input of the other parity recompiles (RAFT's correlation pyramid,
# F.avg_pool2d(corr, 2, stride=2) on a size that became dynamic); stride 1 and static sizes guard nothing
import torch
import torch.nn.functional as F

torch.manual_seed(0)


@torch.compile(backend="eager")
def down(x):
    return F.avg_pool2d(x, 2, stride=2) * 2


@torch.compile(backend="eager")
def pool3(x):
    return F.max_pool2d(x, 3, stride=2, padding=1), F.avg_pool2d(x, 3, stride=1, padding=1)


for h, w in ((8, 12), (10, 14), (11, 14), (13, 16), (12, 17)):
    print(down(torch.randn(1, 2, h, w)).shape)
for h, w in ((9, 12), (11, 15), (12, 15), (14, 16)):
    print([t.shape for t in pool3(torch.randn(2, 1, h, w))])
