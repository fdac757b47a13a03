# tparse smoke driver (our code) for github.com/lucidrains/x-transformers at 25da06e; source root: <repo>/.
import torch
from x_transformers import TransformerWrapper, Decoder
torch.manual_seed(0)
m = TransformerWrapper(num_tokens=256, max_seq_len=32, attn_layers=Decoder(dim=64, depth=2, heads=4))
m.eval()
cm = torch.compile(m, backend="eager")
for T in (8, 12):
    x = torch.randint(0, 256, (1, T))
    logits = cm(x)
