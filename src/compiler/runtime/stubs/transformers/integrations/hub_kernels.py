"""tparse stub of transformers.integrations.hub_kernels (no `kernels` package: nothing is replaced)."""
from transformers.integrations import use_kernel_forward_from_hub, use_kernelized_func, use_kernel_func_from_hub


def get_kernel(*args, **kwargs):
    return None


def is_kernel(*args, **kwargs):
    return False
