# nn.TransformerEncoderLayer / nn.TransformerEncoder (torch's own Python modules) inside a compiled model,
# training mode: the slow path (self-attention block, feed-forward block, post-norm); two sequence lengths
import torch
import torch.nn as nn

torch.manual_seed(0)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        layer = nn.TransformerEncoderLayer(d_model=16, nhead=4, dim_feedforward=32, dropout=0.0, batch_first=True)
        self.enc = nn.TransformerEncoder(layer, num_layers=2, enable_nested_tensor=False)
        self.head = nn.Linear(16, 4)

    def forward(self, x):
        return self.head(self.enc(x))


m = M()
cm = torch.compile(m, backend="eager")
cm(torch.randn(2, 5, 16))
cm(torch.randn(2, 7, 16))
