# The layout of copies and *_like factories of a permuted tensor (memory_format=torch.preserve_format, their
# default): ATen's empty_like keeps a dense input's strides, so randn_like / zeros_like / clone of a permuted tensor
# are permuted too, and elementwise results on them stay so; torch.contiguous_format and channels_last as asked.
# (PyTorch-VAE's IWAE: `eps = torch.randn_like(std)` of a permuted std, then `.view` of the sum fails in torch.)
import torch


def f(mu, img):
    m = mu.repeat(3, 1, 1).permute(1, 0, 2)
    z = torch.randn_like(m) * 0.5 + m
    c = torch.zeros_like(m, memory_format=torch.contiguous_format) + 1
    k = m.clone() * 2
    e = torch.empty_like(m).fill_(1.0) - m
    cl = img.contiguous(memory_format=torch.channels_last)
    o = torch.ones_like(cl) * cl
    t = torch.full_like(mu.t(), 2.0) + mu.t()
    return z.reshape(-1, 16), c.view(-1, 16), k.sum(), e.flatten(), o.mean(), t


cf = torch.compile(f, backend="eager")
r = cf(torch.randn(2, 16), torch.randn(2, 3, 4, 4))
print([tuple(x.shape) for x in r])
print([x.stride() for x in r])
