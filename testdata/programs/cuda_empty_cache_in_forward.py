# Pins: torch.cuda.empty_cache() called inside a compiled forward on a CPU-only run (Point-Transformers'
# sample_and_group calls it 5 times per set-abstraction layer). tparse: "unknown or unsupported function",
# no node and no break (approximate). torch 2.11 must be read off a device run: a graph break per call
# (torch.cuda is not an inlined module) would give 3 graphs here, not 1.
import torch

@torch.compile(backend="eager")
def group(xyz, k: int = 4):
    d = torch.cdist(xyz, xyz)
    torch.cuda.empty_cache()
    idx = d.argsort(dim=-1)[:, :, :k]
    torch.cuda.empty_cache()
    return torch.gather(xyz, 1, idx[..., :1].expand(-1, -1, 3))

print(group(torch.randn(2, 16, 3)).shape)
