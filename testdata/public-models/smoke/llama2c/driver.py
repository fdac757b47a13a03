# tparse smoke driver (our code) for github.com/karpathy/llama2.c at 350e04f; source root: <repo>/.
import torch
from model import ModelArgs, Transformer
torch.manual_seed(0)
args = ModelArgs(dim=64, n_layers=2, n_heads=4, n_kv_heads=2, vocab_size=256, multiple_of=32, max_seq_len=32)
m = Transformer(args)
cm = torch.compile(m, backend="eager")
for T in (8, 12):
    x = torch.randint(0, 256, (2, T))
    cm(x, x)
