# torch.distributed.fsdp as tparse models it: FullyShardedDataParallel is an nn.Module subclass (models test
# `isinstance(module, FullyShardedDataParallel)`, transformers' is_fsdp_managed_module); its forward calls the wrapped
# module (no sharding: one process). The module's other names are opaque. torch's own file: never a frame of its own.
from torch.nn import Module


class FullyShardedDataParallel(Module):
    def __init__(self, module, *args, **kwargs):
        super().__init__()
        self._fsdp_wrapped_module = module

    def forward(self, *args, **kwargs):
        return self._fsdp_wrapped_module(*args, **kwargs)
