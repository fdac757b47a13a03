"""tparse stub of transformers.distributed.fsdp (absent from the corpus tarball; models import it through
integrations/fsdp.py): is_fsdp_managed_module as the real one decides it. Called eagerly under the callback with a
module it is a frame Dynamo compiles with no op (real torch 2.11: VITS's `synced_gpus = ... or
is_fsdp_managed_module(self)`)."""
import torch


def is_fsdp_enabled():
    return False


def is_fsdp_managed_module(module):
    """Check if a module is managed by FSDP (1 or 2)."""
    if not torch.distributed.is_available():
        return False
    # FSDP2: attribute set by apply_fsdp2()
    if getattr(module, "_is_fsdp_managed_module", False):
        return True
    # FSDP1: wrapped by FullyShardedDataParallel (a local nn.Module class: Dynamo compiles the frame, no op)
    try:
        from torch.distributed.fsdp import FullyShardedDataParallel
    except ImportError:
        return False
    return isinstance(module, FullyShardedDataParallel)


def get_fsdp_ckpt_kwargs():
    return {}


def update_fsdp_plugin_peft(model, accelerator):
    return None
