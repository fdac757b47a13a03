# tparse smoke driver (our code) for github.com/pytorch-labs/gpt-fast at 32971d3; source root: <repo>/.
import torch
from model import Transformer, ModelArgs
torch.manual_seed(0)
args = ModelArgs(block_size=64, vocab_size=256, n_layer=2, n_head=4, dim=64, intermediate_size=128, n_local_heads=2)
m = Transformer(args)
m.setup_caches(1, 64)
cm = torch.compile(m, backend="eager")
with torch.no_grad():
    for T in (8, 12):
        idx = torch.randint(0, 256, (1, T))
        pos = torch.arange(T)
        cm(idx, pos)
