# tparse driver for deepseek-ai/DeepSeek-V3's inference/model.py (MLA + MoE, KV cache): tiny config, two calls (8, then 12).
import torch
from model import ModelArgs, Transformer

torch.set_default_dtype(torch.bfloat16)
torch.manual_seed(0)
args = ModelArgs(max_batch_size=1, max_seq_len=32, vocab_size=256, dim=64, inter_dim=128, moe_inter_dim=32, n_layers=2,
                 n_dense_layers=1, n_heads=4, n_routed_experts=4, n_shared_experts=1, n_activated_experts=2,
                 kv_lora_rank=16, qk_nope_head_dim=8, qk_rope_head_dim=8, v_head_dim=16)
model = Transformer(args)
with torch.no_grad():
    for p in model.parameters():
        torch.nn.init.normal_(p, std=0.02)
cm = torch.compile(model, backend="eager")
for T in (8, 12):
    tokens = torch.randint(0, 256, (1, T))
    logits = cm(tokens, 0)
