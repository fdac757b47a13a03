# tparse smoke driver (our code) for github.com/facebookresearch/detr at 29901c5; source root: <repo>/.
import torch
from models.transformer import Transformer
torch.manual_seed(0)
m = Transformer(d_model=64, nhead=4, num_encoder_layers=1, num_decoder_layers=1, dim_feedforward=128)
m.eval()
cm = torch.compile(m, backend="eager")
with torch.no_grad():
    for b in (2, 3):
        cm(torch.randn(b, 64, 4, 4), torch.zeros(b, 4, 4, dtype=torch.bool), torch.randn(10, 64), torch.randn(b, 64, 4, 4))
