# A failed import inside try / except ImportError in a compiled callee (k-diffusion's flash_attn fallback):
# inlined, the import breaks the caller's graph at the call (GB0069, Import failure); the callee's own frame then
# breaks at IMPORT_NAME, an instruction that is not a CALL, inside a try block: no partial graph, the frame is
# skipped and runs eagerly (its except branch), and the caller resumes after the call.
import torch
import torch.nn.functional as F


def attention(q, k, v, use_flash=True):
    if use_flash:
        try:
            from flash_attn_not_installed_here import flash_attn_func
            return flash_attn_func(q, k, v)
        except (ImportError, RuntimeError):
            pass
    return F.scaled_dot_product_attention(q, k, v)


@torch.compile(backend="eager")
def f(x):
    q = x * 2
    return attention(q, x, x) + 1


with torch.no_grad():
    for n in (2, 3):
        out = f(torch.randn(n, 2, 5, 4))
print(out.shape)
