# Usage (device): for i in 0..W-1: python automodel_vision_explain.py W i  (OUT=dir; one vexplainI.jsonl per worker,
# concatenated to testdata/hf-population/automodel_vision_explain.jsonl).
# device: torch._dynamo.explain of AutoModel.from_config(tiny config) on pixel_values, for every transformers model type
# whose model built in automodel_build.jsonl (AUTOMODEL_BUILD names that file) with main_input_name pixel_values.
# The image is (1, num_channels, image_size) from the config (3 and 224 when it has none). An eager forward runs
# first: a type whose eager forward raises is recorded with its error and no explain. Truth for tparse's
# "AutoModel on pixel_values" population (hf_population_test.cpp writes the same driver).
import json, os, signal, sys
import torch, transformers
from transformers import AutoConfig, AutoModel
tiny = {'hidden_size': 64, 'num_hidden_layers': 2, 'num_attention_heads': 4, 'num_key_value_heads': 2, 'intermediate_size': 128, 'vocab_size': 256, 'head_dim': 16, 'max_position_embeddings': 128, 'n_embd': 64, 'n_layer': 2, 'n_head': 4, 'n_positions': 128, 'num_experts': 4, 'num_local_experts': 4, 'num_experts_per_tok': 2, 'd_model': 64, 'num_layers': 2}
class TO(Exception): pass
def h(*a): raise TO()
signal.signal(signal.SIGALRM, h)
rows = [json.loads(l) for l in open(os.environ["AUTOMODEL_BUILD"])]
types = [r["type"] for r in rows if r.get("built") and r.get("main_input_name") == "pixel_values"]
W, I = int(sys.argv[1]), int(sys.argv[2])
jl = open(os.path.join(os.environ["OUT"], f"vexplain{I}.jsonl"), "w")
for t in types[I::W]:
    r = {"type": t}
    signal.alarm(150)
    try:
        torch._dynamo.reset()
        torch.manual_seed(0)
        cfg = AutoConfig.for_model(t)
        for k, v in tiny.items():
            if hasattr(cfg, k):
                setattr(cfg, k, v)
        model = AutoModel.from_config(cfg).eval()
        C = getattr(cfg, 'num_channels', 3)
        S = getattr(cfg, 'image_size', 224)
        H, W_ = (S, S) if isinstance(S, int) else (S[0], S[1])
        r["image"] = [1, C, H, W_]
        px = torch.randn(1, C, H, W_)
        with torch.no_grad():
            model(pixel_values=px)
        r["eager"] = True
        with torch.no_grad():
            ex = torch._dynamo.explain(model)(pixel_values=px)
        r["explain"] = {"graph_count": ex.graph_count, "graph_break_count": ex.graph_break_count, "op_count": ex.op_count,
                        "break_reasons": [{"reason": br.reason, "user_stack": [f"{fs.filename}:{fs.lineno} in {fs.name}" for fs in br.user_stack]} for br in ex.break_reasons],
                        "ops_per_graph": [[str(o) for o in ops] for ops in (ex.ops_per_graph or [])]}
    except BaseException as e:
        r["error"] = f"{type(e).__name__}: {str(e)[:300]}"
    finally:
        signal.alarm(0)
    jl.write(json.dumps(r) + "\n"); jl.flush()
jl.write(json.dumps({"done": True, "worker": I, "transformers": transformers.__version__, "torch": torch.__version__}) + "\n")
