# A dim that is a compound symbolic expression (T + pad, pad computed from T with SymInt % arithmetic, CoTracker2's
# window padding): real torch, on `.shape` of such a tensor, emits the expression from existing proxies
# (`sym_sum = torch.sym_sum([s0, mod_1])`) and later uses reuse it; no `.size()` / getitem nodes.
import torch

def enc(x):
    _, _, h, w = x.shape
    return x.mean(1)

@torch.compile(backend="eager")
def f(video):
    t = video.shape[1]
    pad = (4 - t % 4) % 4
    v = video.reshape(1, 1, t, -1)
    v = torch.cat([v, v[:, :, -1:].repeat(1, 1, pad, 1)], dim=2)
    fm = enc(v.reshape(-1, 1, 8, 8))
    fm = fm.reshape(1, -1, 8, 8).permute(1, 0, 2, 3)
    sizes = fm.shape[:1]
    return fm * torch.tensor([2 / max(s - 1, 1) for s in sizes])

print(f(torch.randn(1, 4, 64)).shape)
print(f(torch.randn(1, 6, 64)).shape)
print(f(torch.randn(1, 7, 64)).shape)
