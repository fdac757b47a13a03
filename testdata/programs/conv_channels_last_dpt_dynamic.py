# under dynamic shapes a conv2d over a channels-last-strided input (permute+reshape of tokens) keeps channels-last output strides, without Max(1, ...) (from Depth-Anything depth_anything/dpt.py DPTHead)
import torch
import torch.nn as nn
torch.manual_seed(0)
proj = nn.Conv2d(16, 8, 1)
up = nn.ConvTranspose2d(8, 8, 2, stride=2)
@torch.compile(backend="eager")
def f(tokens, ph, pw):
    x = tokens.permute(0, 2, 1).reshape(tokens.shape[0], tokens.shape[-1], ph, pw)
    return up(proj(x)) * 2
print(f(torch.randn(1, 16, 16), 4, 4).shape)
print(f(torch.randn(2, 30, 16), 5, 6).shape)   # torch: proj out strides [8*s*t, 1, 8*t, 8]
