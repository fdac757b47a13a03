# torch.nn.utils.spectral_norm (the forward pre-hook form GAN discriminators and vocoders use) as tparse models it,
# in Python, so the interpreter inlines the hook as Dynamo does: in training one power iteration under no_grad
# (normalize(mv(W^T, u)), normalize(mv(W, v)), written into the u / v buffers, then cloned), and always
# sigma = dot(u, mv(W, v)) and weight = weight_orig / sigma, stored on the module before its forward reads it.
import torch
import torch.nn.functional as F


class SpectralNorm:
    def __init__(self, name="weight", n_power_iterations=1, dim=0, eps=1e-12):
        self.name = name
        self.dim = dim
        self.n_power_iterations = n_power_iterations
        self.eps = eps

    def reshape_weight_to_matrix(self, weight):
        weight_mat = weight
        if self.dim != 0:
            weight_mat = weight_mat.permute(self.dim, *[d for d in range(weight_mat.dim()) if d != self.dim])
        height = weight_mat.size(0)
        return weight_mat.reshape(height, -1)

    def compute_weight(self, module, do_power_iteration):
        weight = getattr(module, self.name + "_orig")
        u = getattr(module, self.name + "_u")
        v = getattr(module, self.name + "_v")
        weight_mat = self.reshape_weight_to_matrix(weight)
        if do_power_iteration:
            with torch.no_grad():
                for _ in range(self.n_power_iterations):
                    v = F.normalize(torch.mv(weight_mat.t(), u), dim=0, eps=self.eps, out=v)
                    u = F.normalize(torch.mv(weight_mat, v), dim=0, eps=self.eps, out=u)
                if self.n_power_iterations > 0:
                    u = u.clone(memory_format=torch.contiguous_format)
                    v = v.clone(memory_format=torch.contiguous_format)
        sigma = torch.dot(u, torch.mv(weight_mat, v))
        return weight / sigma

    def __call__(self, module, inputs):
        setattr(module, self.name, self.compute_weight(module, do_power_iteration=module.training))


def spectral_norm(module, name="weight", n_power_iterations=1, eps=1e-12, dim=None):
    if dim is None:
        transposed = isinstance(module, (torch.nn.ConvTranspose1d, torch.nn.ConvTranspose2d, torch.nn.ConvTranspose3d))
        dim = 1 if transposed else 0
    if n_power_iterations <= 0:
        raise ValueError("Expected n_power_iterations to be positive, but got n_power_iterations=" + str(n_power_iterations))
    fn = SpectralNorm(name, n_power_iterations, dim, eps)
    weight = getattr(module, name)
    with torch.no_grad():
        weight_mat = fn.reshape_weight_to_matrix(weight)
        h, w = weight_mat.size()
        u = F.normalize(weight.new_empty(h).normal_(0, 1), dim=0, eps=fn.eps)
        v = F.normalize(weight.new_empty(w).normal_(0, 1), dim=0, eps=fn.eps)
    delattr(module, fn.name)
    module.register_parameter(fn.name + "_orig", weight)
    setattr(module, fn.name, weight.data)
    module.register_buffer(fn.name + "_u", u)
    module.register_buffer(fn.name + "_v", v)
    fn.handle = module.register_forward_pre_hook(fn)
    module._tparse_spectral_norm = fn
    return module


def remove_spectral_norm(module, name="weight"):
    fn = getattr(module, "_tparse_spectral_norm", None)
    if fn is None or fn.name != name:
        raise ValueError("spectral_norm of '" + name + "' not found in " + type(module).__name__)
    with torch.no_grad():
        weight = fn.compute_weight(module, do_power_iteration=False)
    delattr(module, fn.name)
    delattr(module, fn.name + "_orig")
    delattr(module, fn.name + "_u")
    delattr(module, fn.name + "_v")
    module.register_parameter(fn.name, torch.nn.Parameter(weight.detach()))
    fn.handle.remove()
    del module._tparse_spectral_norm
    return module
