# nn.TransformerEncoderLayer in eval mode under no_grad (the fast-path checks of torch's Python forward), with a
# key padding mask, norm_first and gelu
import torch
import torch.nn as nn

torch.manual_seed(0)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.layer = nn.TransformerEncoderLayer(16, 4, 32, dropout=0.1, activation="gelu", batch_first=True, norm_first=True)
        self.enc = nn.TransformerEncoder(nn.TransformerEncoderLayer(16, 4, 32, batch_first=True), 2, norm=nn.LayerNorm(16))

    def forward(self, x, pad):
        y = self.layer(x, src_key_padding_mask=pad)
        return self.enc(y)


m = M().eval()
cm = torch.compile(m, backend="eager")
with torch.no_grad():
    pad = torch.zeros(2, 5, dtype=torch.bool)
    pad[1, 3:] = True
    cm(torch.randn(2, 5, 16), pad)
