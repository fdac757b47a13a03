# SwinIR check_image_size then forward_features: after x = F.pad(x, (0, pw, 0, ph)) with ph = (4 - h % 4) % 4,
# the conv output's x.shape[2] is, in real torch's graph, torch.sym_sum([s53, mod_1]) built from the existing
# `mod_1 = sub % 4` node (no call_method), e.g. "sym_sum = torch.sym_sum([s53, mod_1])"; not x.size()[2]
import torch
import torch.nn.functional as F

conv = torch.nn.Conv2d(3, 4, 3, padding=1)


@torch.compile(backend="eager")
def f(x):
    _, _, h, w = x.size()
    ph = (4 - h % 4) % 4
    pw = (4 - w % 4) % 4
    x = conv(F.pad(x, (0, pw, 0, ph), 'reflect'))
    H, W = x.shape[2], x.shape[3]
    y = x.view(x.shape[0], 4, H // 4, 4, W // 4, 4).permute(0, 1, 2, 4, 3, 5)
    return torch.zeros((1, H, W, 1)).sum() + y.sum()


with torch.no_grad():
    for b, s in ((1, 16), (2, 18), (3, 22)):
        print(float(f(torch.randn(b, 3, s, s))))
