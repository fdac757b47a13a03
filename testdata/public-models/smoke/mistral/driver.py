# tparse smoke driver (our code) for github.com/mistralai/mistral-inference at 2557e12; source root: <repo>/src
import torch
from mistral_inference.args import TransformerArgs
from mistral_inference.transformer import Transformer
torch.manual_seed(0)
args = TransformerArgs(dim=64, n_layers=2, head_dim=16, hidden_dim=128, n_heads=4, n_kv_heads=2, norm_eps=1e-5, vocab_size=256, max_batch_size=1)
m = Transformer(args)
cm = torch.compile(m, backend="eager")
for T in (8, 12):
    ids = torch.randint(0, 256, (T,))
    cm(ids, seqlens=[T])
