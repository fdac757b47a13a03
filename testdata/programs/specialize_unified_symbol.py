# a size symbol unified with another (s_x -> s_t by a reshape) and later specialized to a constant: torch makes every tensor over it static, ours keeps x dynamic (from PixArt-alpha diffusion/model/nets/PixArt.py forward / PixArtBlock)
import torch
torch.manual_seed(0)
table = torch.randn(6, 4)

def f(x, t):
    B = x.shape[0]
    mod = table[None] + t.reshape(B, 6, -1)        # t: [s_t, 24] viewed as [s_x, 6, 4] -> s_x == s_t
    lens = [4] * t.shape[0]                        # a list of length s_t -> s_t specialized to the value
    return (x * mod[:, :1]).sum(-1), len(lens)

g = torch.compile(f, backend="eager")
for B in (2, 3):
    out, n = g(torch.randn(B, 5, 4), torch.randn(B, 24))
    print(tuple(out.shape), n)
