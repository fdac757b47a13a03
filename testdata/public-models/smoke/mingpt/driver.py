# tparse smoke driver (our code) for github.com/karpathy/minGPT at 37baab7; source root: <repo>/.
import torch
from mingpt.model import GPT
torch.manual_seed(0)
cfg = GPT.get_default_config()
cfg.model_type = None; cfg.n_layer = 2; cfg.n_head = 4; cfg.n_embd = 64; cfg.vocab_size = 256; cfg.block_size = 32
m = GPT(cfg)
cm = torch.compile(m, backend="eager")
for T in (8, 12):
    idx = torch.randint(0, 256, (1, T))
    logits, loss = cm(idx, idx)
