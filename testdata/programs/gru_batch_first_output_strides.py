# nn.GRU(batch_first=True) output passed to the resumed frame has torch's layout: shape [B,T,H] strides [H, B*H, 1] (hidden size H, not input size) (from RUCAIBox/RecBole narm.py)
import torch
import torch.nn as nn

torch.manual_seed(0)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.gru = nn.GRU(input_size=16, hidden_size=32, num_layers=1, bias=False, batch_first=True)

    def gather(self, output, idx):
        idx = idx.view(-1, 1, 1).expand(-1, -1, output.shape[-1])
        return output.gather(dim=1, index=idx).squeeze(1)

    def forward(self, x, lens):
        out, _ = self.gru(x)   # torch: the RNN runs eagerly; gather's frame gets out: f32[2, 6, 32][32, 64, 1]
        return self.gather(out, lens - 1) * 2


f = torch.compile(M(), backend="eager")
with torch.no_grad():
    print(f(torch.randn(2, 6, 16), torch.tensor([3, 6])).shape)
