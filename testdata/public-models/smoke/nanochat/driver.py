# tparse smoke driver (our code) for github.com/karpathy/nanochat at 92d63d4; source root: <repo>/.
import torch
from nanochat.gpt import GPT, GPTConfig
torch.manual_seed(0)
cfg = GPTConfig(sequence_len=64, vocab_size=256, n_layer=2, n_head=4, n_kv_head=2, n_embd=64, window_pattern="L")
m = GPT(cfg)
m.init_weights()
cm = torch.compile(m, backend="eager")
for T in (8, 12):
    idx = torch.randint(0, 256, (1, T))
    cm(idx, idx)
