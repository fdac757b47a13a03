# a module subclassing nn.modules.batchnorm._BatchNorm (private base) stops tparse at construction ("unsupported module torch.nn._BatchNorm") (from mattmacy/vnet.pytorch vnet.py)
import torch
import torch.nn as nn
import torch.nn.functional as F

class ContBatchNorm3d(nn.modules.batchnorm._BatchNorm):
    def forward(self, input):
        if input.dim() != 5:
            raise ValueError('expected 5D input (got {}D input)'.format(input.dim()))
        return F.batch_norm(input, self.running_mean, self.running_var, self.weight, self.bias,
                            True, self.momentum, self.eps)

torch.manual_seed(0)
m = nn.Sequential(nn.Conv3d(1, 4, 3, padding=1), ContBatchNorm3d(4), nn.ELU(inplace=True))
m.eval()
f = torch.compile(m, backend="eager")
with torch.no_grad():
    print(f(torch.randn(1, 1, 4, 8, 8)).shape)
    print(f(torch.randn(1, 1, 4, 8, 12)).shape)
print(round(m[1].running_mean.sum().item(), 4), m[1].num_batches_tracked.item())
