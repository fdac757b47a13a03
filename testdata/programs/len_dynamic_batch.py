# len() of a tensor is TensorVariable.__len__, its size(0): after automatic dynamic made the batch a symbol, len(x)
# is that SymInt (SiT's classifier-free guidance `x[: len(x) // 2]`, I-JEPA's `B = len(h)` used as a slice step and
# a repeat count), not the first call's number.
import torch

pos = torch.randn(1, 4, 8)


@torch.compile(backend="eager")
def cfg(x, scale: float = 4.0):
    half = x[: len(x) // 2]
    combined = torch.cat([half, half], dim=0) * 2
    cond, uncond = torch.split(combined, len(combined) // 2, dim=0)
    return torch.cat([uncond + scale * (cond - uncond)] * 2, dim=0)


@torch.compile(backend="eager")
def batch_repeat(h):
    B = len(h)
    h = torch.cat([h, h * 2], dim=0)
    parts = [h[i * B:(i + 1) * B] for i in range(2)]
    return torch.cat(parts, dim=0) + pos.repeat(2 * B, 1, 1)


for b in (2, 4, 6):
    cfg(torch.randn(b, 4))
    batch_repeat(torch.randn(b, 4, 8))
