"""nanoGPT under DDP (gloo) + torch.compile: the shared ddp_nanogpt.py with gloo; DEV=cpu or cuda (both ranks on GPU 0).

BUCKET_MB sets bucket_cap_mb. It must be >= 1: DDPOptimizer's first bucket is torch.distributed's
default 1 MiB and its constructor asserts first_bucket_cap <= bucket_bytes_cap ("First bucket should
be smaller/equal to other buckets ..."). The run with BUCKET_MB=0.5 (DEV=cpu, our own small GPT)
did exactly that on both ranks: testdata/torch-2.11/ddp_gloo_first_bucket_assert/. The splitting runs
kept as testdata/torch-2.11/ddp_gloo_bucket{1,2}mb/ (4 and 3 subgraphs) were made with:
  DEV=cpu BUCKET_MB=2 TORCH_TRACE=$PWD/OUT/trace torchrun --nproc-per-node 2 ddp_gloo.py OUT > OUT/stdout.txt 2>&1
"""
import json, os, sys, contextlib
import torch, torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel as DDP
import torch._inductor.config as icfg
icfg.log_tlparse = True
sys.path.insert(0, "/home/user/nanogpt")
try:
    from model import GPT, GPTConfig
except ImportError:  # no nanoGPT on this machine: our own small GPT (same shapes and call convention)
    import torch.nn as nn, torch.nn.functional as F
    from dataclasses import dataclass
    @dataclass
    class GPTConfig:
        block_size: int = 64; vocab_size: int = 512; n_layer: int = 4; n_head: int = 4; n_embd: int = 128
        dropout: float = 0.0; bias: bool = True
    class Attn(nn.Module):
        def __init__(s, c):
            super().__init__(); s.h = c.n_head; s.qkv = nn.Linear(c.n_embd, 3 * c.n_embd); s.proj = nn.Linear(c.n_embd, c.n_embd)
        def forward(s, x):
            b, t, e = x.shape
            q, k, v = s.qkv(x).split(e, dim=2)
            q, k, v = (z.view(b, t, s.h, e // s.h).transpose(1, 2) for z in (q, k, v))
            y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
            return s.proj(y.transpose(1, 2).contiguous().view(b, t, e))
    class Block(nn.Module):
        def __init__(s, c):
            super().__init__(); s.ln1 = nn.LayerNorm(c.n_embd); s.attn = Attn(c); s.ln2 = nn.LayerNorm(c.n_embd)
            s.fc = nn.Linear(c.n_embd, 4 * c.n_embd); s.out = nn.Linear(4 * c.n_embd, c.n_embd)
        def forward(s, x):
            x = x + s.attn(s.ln1(x))
            return x + s.out(F.gelu(s.fc(s.ln2(x))))
    class GPT(nn.Module):
        def __init__(s, c):
            super().__init__(); s.tok = nn.Embedding(c.vocab_size, c.n_embd); s.pos = nn.Embedding(c.block_size, c.n_embd)
            s.blocks = nn.ModuleList(Block(c) for _ in range(c.n_layer)); s.ln_f = nn.LayerNorm(c.n_embd)
            s.head = nn.Linear(c.n_embd, c.vocab_size, bias=False); s.head.weight = s.tok.weight
        def forward(s, idx, targets):
            x = s.tok(idx) + s.pos(torch.arange(idx.shape[1], device=idx.device))
            for b in s.blocks:
                x = b(x)
            logits = s.head(s.ln_f(x))
            return logits, F.cross_entropy(logits.view(-1, logits.size(-1)), targets.view(-1))
out = sys.argv[1]
dev = os.environ.get("DEV", "cpu")
dist.init_process_group("gloo")
rank = dist.get_rank()
torch.manual_seed(0)
cfg = GPTConfig(block_size=64, vocab_size=512, n_layer=4, n_head=4, n_embd=128, dropout=0.0, bias=True)
model = DDP(GPT(cfg).to(dev), bucket_cap_mb=float(os.environ.get("BUCKET_MB", "1")))
opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
cm = torch.compile(model)
ctx = None
try:
    from torch._inductor.debug import record_and_log_graph_execution_order
    ctx = record_and_log_graph_execution_order()
except Exception as e:
    print("no exec order:", e)
with (ctx or contextlib.nullcontext()):
    for i in range(3):
        x = torch.randint(0, 512, (4, 32), device=dev); y = torch.randint(0, 512, (4, 32), device=dev)
        logits, loss = cm(x, y)
        loss.backward(); opt.step(); opt.zero_grad(set_to_none=True)
from torch._dynamo.utils import counters
json.dump({k: dict(v) for k, v in counters.items()}, open(os.path.join(out, f"truth_rank{rank}.json"), "w"), indent=1, default=str)
dist.destroy_process_group()
