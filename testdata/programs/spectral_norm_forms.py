# A GAN discriminator with spectral normalization (the forward pre-hook form: hifi-gan's MultiScaleDiscriminator,
# SNGAN): in training one power iteration under no_grad feeds sigma = dot(u, mv(W, v)) and the weight divided by it;
# in eval the iteration is skipped; a transposed conv normalizes over dim 1; remove_spectral_norm ends it.
import torch
from torch import nn
from torch.nn.utils import remove_spectral_norm, spectral_norm

torch.manual_seed(0)
d = nn.Sequential(spectral_norm(nn.Conv1d(4, 8, 3, padding=1)), nn.LeakyReLU(0.1),
                  spectral_norm(nn.Conv1d(8, 8, 3, padding=1), n_power_iterations=2), nn.LeakyReLU(0.1),
                  nn.Conv1d(8, 1, 1))
g = spectral_norm(nn.ConvTranspose1d(1, 4, 4, stride=2, padding=1))
cd = torch.compile(d, backend="eager")
cg = torch.compile(g, backend="eager")
y = cd(cg(torch.randn(2, 1, 4)))
y.mean().backward()
d.eval()
with torch.no_grad():
    print(cd(torch.randn(2, 4, 8)).shape)
remove_spectral_norm(d[0])
print(sorted(n for n, _ in d[0].named_parameters()))
with torch.no_grad():
    print(cd(torch.randn(2, 4, 8)).shape)
