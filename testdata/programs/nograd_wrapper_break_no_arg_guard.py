# a compiled @torch.no_grad() method whose inlined body breaks inside a loop (np .item()): torch's `inner` frame keeps no guard on the positional int arg and is not recompiled for B=3; ours guards args[0] == 2 and recompiles frame 0 (from VAR models/var.py autoregressive_infer_cfg)
import numpy as np
import torch
import torch.nn as nn
torch.manual_seed(0)
ticks = np.linspace(1 / 6, 5 / 6, 3)

class M(nn.Module):
    @torch.no_grad()
    def gen(self, B, label=3):
        x = torch.full((B,), label)
        for i in range(3):
            x = x + int(np.argmin(np.abs(ticks - i / 2)).item())
        return x

g = torch.compile(M().gen, backend="eager")
print(g(2, label=3))
print(g(3, label=3))
