# non-contiguous view inputs on the dynamic recompile: torch gives strides it cannot derive from the sizes their own symbols (x[:, 16:] -> [s1, s0, 1]; m[:, :, 1::2] -> [s2*s0, s2*s0, s2]); tparse writes them as literal numbers or as size products ([256, s0, 1], [2*s0, 2*s0, 2]) (from glow-tts commons.squeeze mask slice and CouplingBlock x_0/x_1 halves)
import torch
torch.manual_seed(0)


@torch.compile(backend="eager")
def half(x1):
    return x1 * 2


@torch.compile(backend="eager")
def mask(m):
    return m + 1


for t in (6, 8):
    x = torch.randn(2, 32, t)
    print(half(x[:, 16:]).shape)
    print(mask(torch.ones(2, 1, 2 * t)[:, :, 1::2]).shape)
