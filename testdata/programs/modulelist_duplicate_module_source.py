# A module repeated in a ModuleList ([blk] * 2) is named by the first index it is reached through while iterating: L_self_modules_blocks_modules_0_..., not _1_ (from ElementAI/N-BEATS models/nbeats.py)
import torch
lin = torch.nn.Linear(4, 4)
other = torch.nn.Linear(4, 4)
class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = torch.nn.ModuleList([lin] * 2 + [other] * 2)
    def forward(self, x):
        x = x.flip(dims=(1,))
        for b in self.blocks:
            x = b(x)
        return x
g = torch.compile(M(), backend="eager")
print(g(torch.randn(2, 4)).shape)
