"""Module-truth runs: python truth_cases.py CASE OUT  (TORCH_TRACE set by the caller)."""
import os, sys, torch, torch.nn as nn, torch.nn.functional as F
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import truthrec
case, out = sys.argv[1], sys.argv[2]

class Attn(nn.Module):
    def __init__(s, h, heads):
        super().__init__(); s.heads = heads; s.qkv = nn.Linear(h, 3 * h); s.out = nn.Linear(h, h)
    def forward(s, x):
        b, n, h = x.shape
        q, k, v = s.qkv(x).chunk(3, dim=-1)
        q, k, v = (t.view(b, n, s.heads, h // s.heads).transpose(1, 2) for t in (q, k, v))
        ctx = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return s.out(ctx.transpose(1, 2).reshape(b, n, h))

class Block(nn.Module):
    def __init__(s, h, heads):
        super().__init__(); s.ln = nn.LayerNorm(h); s.attn = Attn(h, heads)
        s.mlp = nn.Sequential(nn.Linear(h, 4 * h), nn.GELU(), nn.Linear(4 * h, h))
    def forward(s, x):
        x = x + s.attn(s.ln(x))
        return x + s.mlp(x)

class Titan(nn.Module):
    def __init__(s, h=64, heads=4, n=2):
        super().__init__(); s.blocks = nn.ModuleList(Block(h, heads) for _ in range(n))
    def forward(s, x):
        for b in s.blocks:
            x = b(x)
        return x

torch.manual_seed(0)
if case == "chatglm3":
    from run_chatglm3 import build
    model, calls = build()
    cm = torch.compile(model, backend=truthrec.eager_backend)
    with torch.no_grad():
        for kw in calls:
            cm(**kw)
elif case == "titan":
    m = Titan().cuda()
    for i, b in enumerate(m.blocks):
        m.blocks[i] = torch.compile(b, backend=truthrec.inductor_backend)
    opt = torch.optim.AdamW(m.parameters(), lr=1e-3)
    for _ in range(2):
        x = torch.randn(4, 32, 64, device="cuda")
        loss = m(x).pow(2).mean(); loss.backward(); opt.step(); opt.zero_grad()
elif case == "gpt2_train":
    from transformers import GPT2Config, GPT2LMHeadModel
    cfg = GPT2Config(n_layer=2, n_embd=64, n_head=4, vocab_size=256, n_positions=64)
    m = GPT2LMHeadModel(cfg).cuda().train()
    assert m.lm_head.weight is m.transformer.wte.weight
    cm = torch.compile(m, backend=truthrec.inductor_backend)
    opt = torch.optim.AdamW(m.parameters(), lr=1e-3)
    for _ in range(2):
        ids = torch.randint(0, 256, (2, 16), device="cuda")
        res = cm(input_ids=ids, labels=ids); res.loss.backward(); opt.step(); opt.zero_grad()
truthrec.dump(os.path.join(out, "module_truth_raw.json"))
print(case, "records", len(truthrec.RECS), [(r["compile_id"], r["kind"], len(r["nodes"])) for r in truthrec.RECS])
