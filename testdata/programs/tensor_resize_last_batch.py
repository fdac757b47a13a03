# The legacy buffer idiom of older GAN scripts: one preallocated input tensor resized to each batch in eager code
# (`input.resize_as_(real).copy_(real)`, `noise.resize_(b, nz, 1, 1).normal_(0, 1)`) and fed to a compiled model; a
# smaller last batch changes the resized shape, so the model recompiles.
import torch
import torch.nn as nn

torch.manual_seed(0)
net = torch.compile(nn.Sequential(nn.Linear(6, 4), nn.ReLU(), nn.Linear(4, 1)), backend="eager")
inp = torch.FloatTensor(8, 6)
noise = torch.FloatTensor(8, 6)
for real in [torch.randn(8, 6), torch.randn(8, 6), torch.randn(3, 6)]:
    inp.resize_as_(real).copy_(real)
    noise.resize_(real.size(0), 6).normal_(0, 1)
    print(tuple(inp.shape), tuple(noise.shape), round(float(net(inp).sum() + net(noise).sum()), 4))
