"""Makes issue 24's bench traces on the GPU machine: a small GPT training run under torch.compile
(default inductor backend), provenance on. Imports nanoGPT's model.py from /home/user/nanogpt (or
this script's directory); nanoGPT itself is never copied into the repo.
TORCH_TRACE=OUT/trace INDUCTOR_PROVENANCE=1 python gpt_train_trace.py small|gpt2 OUT"""
import json, os, sys, time
import torch
import torch._inductor.config as icfg
try:
    icfg.trace.provenance_tracking_level = 1
except Exception as e:
    print("no provenance_tracking_level:", e); icfg.trace.provenance_tracking = True
sys.path.insert(0, "/home/user/nanogpt"); sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from model import GPT, GPTConfig
kind, out = sys.argv[1], sys.argv[2]
os.makedirs(out, exist_ok=True)
torch.manual_seed(0)
if kind == "small":   # nanoGPT's shakespeare_char config
    cfg = GPTConfig(block_size=256, vocab_size=65, n_layer=6, n_head=6, n_embd=384, dropout=0.2, bias=False); B, T = 8, 256
else:                 # GPT-2 124M shapes
    cfg = GPTConfig(block_size=1024, vocab_size=50304, n_layer=12, n_head=12, n_embd=768, dropout=0.0, bias=False); B, T = 4, 256
model = GPT(cfg).cuda()
opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
cm = torch.compile(model)
ctx = torch.amp.autocast(device_type="cuda", dtype=torch.bfloat16)
def batch():
    x = torch.randint(0, cfg.vocab_size, (B, T), device="cuda"); return x, torch.roll(x, -1, 1)
t0 = time.time()
for it in range(4):
    if it % 2 == 0:  # nanoGPT's estimate_loss: eval mode, no grad
        model.eval()
        with torch.no_grad(), ctx:
            _, l = cm(*batch())
        model.train(); print("eval", it, float(l), round(time.time() - t0, 1), flush=True)
    with ctx:
        _, loss = cm(*batch())
    loss.backward(); opt.step(); opt.zero_grad(set_to_none=True)
    print("step", it, float(loss), round(time.time() - t0, 1), flush=True)
torch.cuda.synchronize()
from torch._dynamo.utils import counters
json.dump({k: dict(v) for k, v in counters.items()}, open(os.path.join(out, "truth.json"), "w"), indent=1, default=str)
print("torch", torch.__version__, "done", round(time.time() - t0, 1))
