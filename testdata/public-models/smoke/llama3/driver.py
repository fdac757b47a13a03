# tparse smoke driver (our code) for github.com/meta-llama/llama3 at a0940f9; source root: <repo>/. plus our fairscale shim (testdata/public-models/llama)
import torch
from llama.model import ModelArgs, Transformer
torch.manual_seed(0)
args = ModelArgs(dim=64, n_layers=2, n_heads=4, n_kv_heads=2, vocab_size=256, multiple_of=32, max_batch_size=1, max_seq_len=32)
model = Transformer(args)
cm = torch.compile(model, backend="eager")
for T in (8, 12):
    tokens = torch.randint(0, 256, (1, T))
    cm(tokens, 0)
