# torch.clamp with a number for one bound and a 0-d tensor for the other (PyTorch-VAE's BetaVAE capacity:
# `torch.clamp(self.C_max / self.C_stop_iter * self.num_iter, 0, self.C_max.data[0])`): the arg parser binds the
# Scalar overload and takes the tensor's item(), a data-dependent operator (GB0033); two tensors or a number and
# None keep the graph whole
import torch

cmax = torch.Tensor([25.0])


def f(x, it):
    c = torch.clamp(cmax / 1e5 * it, 0, cmax.data[0])
    return (x - c).abs()


def g(x):
    return x.clamp(min=0.0).clamp(torch.zeros(4), torch.ones(4))


torch.compile(f, backend="eager")(torch.randn(4), 1)
torch.compile(g, backend="eager")(torch.randn(4))
