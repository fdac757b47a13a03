# module attributes stored in forward (self.mean, then self.stdev) come back as graph outputs after the result in torch's order (x, stdev, mean) (from yuqinie98/PatchTST layers/RevIN.py _get_statistics)
import torch
import torch.nn as nn


class RevIN(nn.Module):
    def forward(self, x):
        self.mean = torch.mean(x, dim=1, keepdim=True).detach()
        self.stdev = torch.sqrt(torch.var(x, dim=1, keepdim=True, unbiased=False) + 1e-5).detach()
        return (x - self.mean) / self.stdev


torch.manual_seed(0)
m = RevIN()
print(torch.compile(m, backend="eager")(torch.randn(2, 8, 3)).shape, m.stdev.shape)
