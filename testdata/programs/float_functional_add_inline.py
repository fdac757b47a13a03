# nn.quantized.FloatFunctional.add is inlined: its node's `# File:` is functional_modules.py:51 (torch.add), shared by consecutive calls from different sites (from MiDaS midas/blocks.py ResidualConvUnit / FeatureFusionBlock skip_add)
import torch
import torch.nn as nn
torch.manual_seed(0)
class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(4, 4, 3, padding=1)
        self.skip_add = nn.quantized.FloatFunctional()
        self.skip_add2 = nn.quantized.FloatFunctional()
    def forward(self, x, y):
        out = self.skip_add.add(self.conv(x), x)
        return self.skip_add2.add(out, y)
m = Block().eval()
f = torch.compile(m, backend="eager")
print(f(torch.randn(1, 4, 8, 8), torch.randn(1, 4, 8, 8)).shape)
