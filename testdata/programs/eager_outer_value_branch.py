# element values of an eager torch.outer(...) (then cos) buffer are known to torch: `if buf[0, 0] == 0:` breaks the graph and resumes on the false side (cos(0) = 1); tparse loses the values at torch.outer and takes the true side (from jingyaogong/minimind model_minimind.py:216 RoPE buffer check)
import torch
import torch.nn as nn

freqs = 1.0 / (1e6 ** (torch.arange(0, 16, 2).float() / 16))
ang = torch.outer(torch.arange(32), freqs).float()


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("freqs_cos", torch.cat([torch.cos(ang), torch.cos(ang)], dim=-1), persistent=False)

    def forward(self, x):
        if self.freqs_cos[0, 0] == 0:
            x = x * 0
        return x + self.freqs_cos[: x.shape[0]]


torch.manual_seed(0)
print(torch.compile(M(), backend="eager")(torch.randn(4, 16)).sum().item() != 0)
