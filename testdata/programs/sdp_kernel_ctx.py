# REAL: 0 graphs; graph_break counter GB0208 "torch.* op returned non-Tensor" (target sdp_kernel, example value a
#   _GeneratorContextManager) at the `with` line, then "Failed to handle graph break gracefully. Skipping the
#   function and falling back to eager" (the break is inside a with block). vit-pytorch simple_flash_attn_vit:
#   11 graphs, 8 x GB0208, 7 recompiles (every Attend.forward runs eagerly, its neighbours compile in pieces).
# TPARSE: 2 graphs (scaled_dot_product_attention + mul), 0 breaks, approximate: torch.backends.cuda.sdp_kernel
#   unknown function, `with` on an opaque value.
# `with torch.backends.cuda.sdp_kernel(**config):` around F.scaled_dot_product_attention in a compiled forward
# (vit-pytorch simple_flash_attn_vit; the deprecated context manager, CPU tensors).
import torch
import torch.nn.functional as F
torch.manual_seed(0)
@torch.compile
def f(q, k, v):
    with torch.backends.cuda.sdp_kernel(enable_flash = True, enable_math = True, enable_mem_efficient = True):
        out = F.scaled_dot_product_attention(q, k, v)
    return out * 2
with torch.no_grad():
    for n in (4, 6):
        out = f(torch.randn(2, 2, n, 8), torch.randn(2, 2, n, 8), torch.randn(2, 2, n, 8))
print(out.shape)
