# Optional accelerators imported under `except ImportError` (dinov2, timm, flash-attention users): on a machine
# without them Python runs the fallback, and the compiled function takes the plain torch path.
import torch

try:
    from xformers.ops import memory_efficient_attention
    XFORMERS_AVAILABLE = True
except ImportError:
    XFORMERS_AVAILABLE = False

try:
    from flash_attn import flash_attn_func
except (ImportError, ModuleNotFoundError):
    flash_attn_func = None


def attend(q):
    if XFORMERS_AVAILABLE:
        return memory_efficient_attention(q, q, q)
    if flash_attn_func is not None:
        return flash_attn_func(q, q, q)
    return torch.nn.functional.scaled_dot_product_attention(q, q, q)


torch.compile(attend, backend="eager")(torch.randn(1, 2, 8, 16))
