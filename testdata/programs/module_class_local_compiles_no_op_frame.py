# a frame that traces no op but holds an nn.Module subclass in a local is compiled (no graph, op count 0) instead of
# skipped (Dynamo's symbolic_locals_contain_module_class): called again with another module it recompiles, while the
# same function without that local is skipped for good (transformers' is_fsdp_managed_module, run eagerly by VITS)
import torch


def is_managed(module):
    if getattr(module, "_is_fsdp_managed_module", False):
        return True
    try:
        from torch.distributed.fsdp import FullyShardedDataParallel
    except ImportError:
        return False
    return isinstance(module, FullyShardedDataParallel)


def is_flagged(module):
    return getattr(module, "_is_fsdp_managed_module", False)


@torch.compile(backend="eager")
def run(ms, x):
    flags = []
    for m in ms:
        x = m(x)
        print("layer")
        flags.append(is_managed(m))
        flags.append(is_flagged(m))
    return x, flags


torch.manual_seed(0)
ms = [torch.nn.Linear(4, 4), torch.nn.Sequential(torch.nn.Linear(4, 4), torch.nn.ReLU())]
y, flags = run(ms, torch.randn(2, 4))
print(tuple(y.shape), flags)
