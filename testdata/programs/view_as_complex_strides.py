# torch.view_as_complex of a real tensor whose last dim (2) is contiguous but the others are permuted: the complex result keeps the permuted strides halved (e.g. [.., 1, 33]); tparse writes contiguous strides (from sigsep/open-unmix-pytorch openunmix/transforms.py ComplexNorm on the STFT output)
import torch

torch.manual_seed(0)


def mag(spec):
    return torch.abs(torch.view_as_complex(spec))


f = torch.compile(mag, backend="eager")
spec = torch.randn(2, 9, 5, 2).transpose(1, 2)   # [2, 5, 9, 2], strides [90, 2, 10, 1]
y = f(spec)
print(y.shape, y.stride())
