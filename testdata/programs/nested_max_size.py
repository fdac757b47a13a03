# Python max() folded over sizes (DETR's _max_by_axis in nested_tensor_from_tensor_list): max(max(s, 16), 18)
# is Max(18, s) in real torch (sympy flattens nested Max), and a later feat.shape[-1] of a strided conv of the
# padded batch is rebuilt from it with torch.sym_sum / floordiv nodes, no feat.size() node
import torch
import torch.nn.functional as F

conv = torch.nn.Conv2d(3, 4, 3, stride=2, padding=1)


@torch.compile(backend="eager")
def f(imgs):
    w = imgs[0].shape[-1]
    for im in imgs[1:]:
        w = max(w, im.shape[-1])
    batch = torch.zeros([len(imgs), 3, 8, w])
    mask = torch.ones((len(imgs), 8, w), dtype=torch.bool)
    for im, pad, m in zip(imgs, batch, mask):
        pad[:, :, :im.shape[-1]].copy_(im)
        m[:, :im.shape[-1]] = False
    feat = conv(batch)
    small = F.interpolate(mask[None].float(), size=feat.shape[-2:]).to(torch.bool)[0]
    return feat.flatten(2).sum(-1), small.flatten(1), feat.flatten(2).permute(2, 0, 1).permute(1, 2, 0).view(len(imgs), 4, 4, feat.shape[-1])


with torch.no_grad():
    for ws in ((16, 16), (20, 16, 18), (22, 16, 18)):
        out = f([torch.randn(3, 8, w) for w in ws])
print(out[1].shape)
