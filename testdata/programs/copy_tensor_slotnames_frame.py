# copy.copy of a tensor runs Tensor.__reduce_ex__, whose torch._utils._get_obj_state calls object.__getstate__: CPython
# asks copyreg._slotnames of the class once and caches `__slotnames__` on it, Python code that under the callback is a
# frame handed to Dynamo (skipped). copy is a module Dynamo skips, so in a compiled frame the call breaks the graph
# (GB0007) and runs eagerly (from AntreasAntoniou's MAML++: `copy(self.running_mean.data)` backs up batch-norm stats)
import copy

import torch

torch.manual_seed(0)


@torch.compile(backend="eager")
def f(x, stats):
    y = x * 2
    saved = copy.copy(stats)
    return y + saved.sum()


s = torch.randn(3)
for _ in range(3):
    print(round(f(torch.randn(3), s).sum().item(), 4))
