# tparse driver for nanoGPT's model.py (karpathy/nanoGPT): tiny config, two calls (T=8, then 12) with targets.
import torch
from model import GPT, GPTConfig

torch.manual_seed(0)
config = GPTConfig(block_size=64, vocab_size=256, n_layer=2, n_head=4, n_embd=64, dropout=0.0, bias=True)
model = GPT(config)
cm = torch.compile(model, backend="eager")
for T in (8, 12):
    idx = torch.randint(0, 256, (1, T))
    targets = torch.randint(0, 256, (1, T))
    logits, loss = cm(idx, targets)
