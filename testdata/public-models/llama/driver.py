# tparse driver for meta-llama/llama's llama/model.py (KV-cache inference): tiny config, two calls (8, then 12 tokens).
# fairscale is imported from the shim folder beside this file (model-parallel size 1).
import torch
from model import ModelArgs, Transformer

torch.manual_seed(0)
torch.set_default_device("cuda")
args = ModelArgs(dim=64, n_layers=2, n_heads=4, n_kv_heads=2, vocab_size=256, multiple_of=32, max_batch_size=1, max_seq_len=32)
model = Transformer(args)
cm = torch.compile(model, backend="eager")
for T in (8, 12):
    tokens = torch.randint(0, 256, (1, T))
    logits = cm(tokens, 0)
