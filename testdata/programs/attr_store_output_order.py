# Tensors stored on module attributes in a frame are graph outputs in reverse store order: torch returns
# (y, stdev, mean) for self.mean = ...; self.stdev = ...; ours (y, mean, stdev) (from RevIN RevIN.py _get_statistics;
# CoCa's get_rotary_embedding / get_mask caches: torch (loss, mask, pos_emb))
import torch
from torch import nn
torch.manual_seed(0)
class Norm(nn.Module):
    def forward(self, x):
        self.mean = x.mean(1, keepdim=True).detach()
        self.stdev = x.std(1, keepdim=True).detach()
        return (x - self.mean) / self.stdev
f = torch.compile(Norm(), backend="eager")
print(f(torch.randn(2, 8, 3)).shape)
