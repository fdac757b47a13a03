# F.scaled_dot_product_attention with an int64 attn_mask (bool padding * -10000, k-diffusion image_v1 CrossAttention2d):
# the fake-tensor run raises "Expected attn_mask dtype to be bool or float or to match query dtype", the frame's
# compile fails (TorchRuntimeError, no graph) and eager raises the same RuntimeError
import torch
import torch.nn.functional as F


@torch.compile(backend="eager")
def f(q, k, v, pad):
    mask = pad[:, None, None, :] * -10000
    return F.scaled_dot_product_attention(q, k, v, mask)


with torch.no_grad():
    for n in (2, 3):
        try:
            out = f(torch.randn(n, 1, 4, 8), torch.randn(n, 1, 5, 8), torch.randn(n, 1, 5, 8),
                    torch.zeros(n, 5, dtype=torch.bool))
            print(out.shape)
        except RuntimeError as e:
            print("RuntimeError", str(e)[:60])
