"""Truth for the transformers causal-LM population (run on the GPU machine with torch 2.11 + transformers 5.17).

For each model type: a tiny config from AutoConfig.for_model(TYPE) (2 layers, hidden 64, 4 heads, vocab 256, ...),
AutoModelForCausalLM.from_config, two calls (sequence 8, then 12, use_cache=False) under
torch.compile(backend="eager") with TORCH_TRACE -> OUT/TYPE/trace/, truth.json (torch's counters, the config used)
and explain.json (torch._dynamo.explain on the first call).

Differences from ../shared/scripts/hf_zoo.py, so that more types build: a tiny value is set only where the
config has that field and accepts it (typed config fields refuse None; read-only properties are skipped); None is
never forced onto a field (sliding_window, q_lora_rank keep their defaults); a model whose class refuses sdpa is
built with attn_implementation="eager" (recorded in truth.json).
usage: python hf_population.py OUT TYPE...   (types: MODEL_FOR_CAUSAL_LM_MAPPING_NAMES when none are given)"""
import json, os, subprocess, sys

CHILD = r'''
import json, os, sys, torch, transformers
from transformers import AutoConfig, AutoModelForCausalLM
mt, out, mode = sys.argv[1], sys.argv[2], sys.argv[3]
torch.manual_seed(0)
cfg = AutoConfig.for_model(mt)
tiny = dict(hidden_size=64, num_hidden_layers=2, num_attention_heads=4, num_key_value_heads=2, intermediate_size=128,
            vocab_size=256, head_dim=16, max_position_embeddings=128, n_embd=64, n_layer=2, n_head=4, n_positions=128,
            num_experts=4, num_local_experts=4, num_experts_per_tok=2, moe_intermediate_size=32, n_routed_experts=4,
            shared_expert_intermediate_size=64, first_k_dense_replace=1, kv_lora_rank=16,
            qk_rope_head_dim=8, qk_nope_head_dim=8, v_head_dim=16, ffn_dim=128, d_model=64,
            num_layers=2, n_group=1, topk_group=1)
applied, refused = {}, {}
for k, v in tiny.items():
    if not hasattr(cfg, k) or getattr(cfg, k) is None:
        continue
    try:
        setattr(cfg, k, v); applied[k] = v
    except Exception as e:
        refused[k] = f"{type(e).__name__}: {e}"[:200]
if hasattr(cfg, "layer_types") and isinstance(cfg.layer_types, list):
    try: cfg.layer_types = cfg.layer_types[:2]
    except Exception as e: refused["layer_types"] = str(e)[:200]
attn = "sdpa"
try:
    cfg._attn_implementation = attn
    model = AutoModelForCausalLM.from_config(cfg).eval()
except ValueError as e:
    if "attention implementation" not in str(e): raise
    attn = "eager"; cfg._attn_implementation = attn
    model = AutoModelForCausalLM.from_config(cfg).eval()
calls = [dict(input_ids=torch.randint(0, 256, (1, 8)), use_cache=False), dict(input_ids=torch.randint(0, 256, (1, 12)), use_cache=False)]
from torch._dynamo.utils import counters
with torch.no_grad():
    if mode == "trace":
        cm = torch.compile(model, backend="eager")
        err = None
        try:
            for kw in calls: cm(**kw)
        except Exception as e:
            err = f"{type(e).__name__}: {e}"[:2000]
        o = {k: dict(v) for k, v in counters.items()}; o["error"] = err; o["model_type"] = mt
        o["architecture"] = type(model).__name__; o["transformers"] = transformers.__version__
        o["torch"] = torch.__version__; o["attn_implementation"] = attn
        o["config_applied"] = applied; o["config_refused"] = refused
        json.dump(o, open(os.path.join(out, "truth.json"), "w"), indent=1, default=str)
    else:
        ex = torch._dynamo.explain(model)(**calls[0])
        j = {"graph_count": ex.graph_count, "graph_break_count": ex.graph_break_count, "op_count": ex.op_count,
             "break_reasons": [{"reason": br.reason, "user_stack": [f"{fs.filename}:{fs.lineno} in {fs.name}" for fs in br.user_stack]} for br in ex.break_reasons],
             "ops_per_graph": [[str(o) for o in ops] for ops in (ex.ops_per_graph or [])]}
        json.dump(j, open(os.path.join(out, "explain.json"), "w"), indent=1)
'''

def main():
    outroot = sys.argv[1]
    types = sys.argv[2:]
    if not types:
        from transformers.models.auto.modeling_auto import MODEL_FOR_CAUSAL_LM_MAPPING_NAMES
        types = sorted(MODEL_FOR_CAUSAL_LM_MAPPING_NAMES)
    for mt in types:
        o = os.path.join(outroot, mt); os.makedirs(os.path.join(o, "trace"), exist_ok=True)
        env = dict(os.environ, TORCH_TRACE=os.path.join(o, "trace"))
        with open(os.path.join(o, "stdout.txt"), "w") as f:
            rc = subprocess.call([sys.executable, "-c", CHILD, mt, o, "trace"], env=env, stdout=f, stderr=subprocess.STDOUT, timeout=300)
        env2 = {k: v for k, v in os.environ.items() if k != "TORCH_TRACE"}
        with open(os.path.join(o, "explain_stdout.txt"), "w") as f:
            rc2 = subprocess.call([sys.executable, "-c", CHILD, mt, o, "explain"], env=env2, stdout=f, stderr=subprocess.STDOUT, timeout=300)
        print(mt, rc, rc2, flush=True)

if __name__ == "__main__":
    main()
