# torch.cartesian_prod inside a compiled function, iterated row by row and its 0-d elements used as indices (setitem); tparse: "unsupported tensor operation 'torch.cartesian_prod'" + "too many indices for tensor" (from sigsep/open-unmix-pytorch openunmix/filtering.py _covariance)
import torch

torch.manual_seed(0)


def covariance(y):
    nb_channels = y.shape[2]
    C = torch.zeros(y.shape[0], y.shape[1], nb_channels, nb_channels, 2)
    indices = torch.cartesian_prod(torch.arange(nb_channels), torch.arange(nb_channels))
    for index in indices:
        C[:, :, index[0], index[1], :] = C[:, :, index[0], index[1], :] + y[:, :, index[0], :] * y[:, :, index[1], :]
    return C


f = torch.compile(covariance, backend="eager")
print(f(torch.randn(3, 5, 2, 2)).sum().item() != 0)
print(f(torch.randn(4, 6, 2, 2)).shape)
