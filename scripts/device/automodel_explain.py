# Usage (device): for i in 0..W-1: python automodel_explain.py W i  (OUT=dir; one partI.jsonl per worker, concatenated to
# testdata/hf-population/automodel_explain.jsonl).
# device: torch._dynamo.explain of AutoModel.from_config(tiny config) on input_ids, for every transformers model type that
# built and ran an eager forward on input_ids in automodel_build.jsonl (AUTOMODEL_BUILD names that file). Truth for
# tparse's "AutoModel explain" population: the same build as automodel_build.py, then explain(model)(input_ids=(1, 8)).
import json, os, signal, sys
import torch, transformers
from transformers import AutoConfig, AutoModel
tiny = {'hidden_size': 64, 'num_hidden_layers': 2, 'num_attention_heads': 4, 'num_key_value_heads': 2, 'intermediate_size': 128, 'vocab_size': 256, 'head_dim': 16, 'max_position_embeddings': 128, 'n_embd': 64, 'n_layer': 2, 'n_head': 4, 'n_positions': 128, 'num_experts': 4, 'num_local_experts': 4, 'num_experts_per_tok': 2, 'd_model': 64, 'num_layers': 2}
class TO(Exception): pass
def h(*a): raise TO()
signal.signal(signal.SIGALRM, h)
rows = [json.loads(l) for l in open(os.environ["AUTOMODEL_BUILD"])]
types = [r["type"] for r in rows if r.get("built") and r.get("main_input_name") == "input_ids" and r.get("forward")]
W, I = int(sys.argv[1]), int(sys.argv[2])
jl = open(os.path.join(os.environ["OUT"], f"explain{I}.jsonl"), "w")
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
        ids = torch.randint(0, 256, (1, 8))
        with torch.no_grad():
            ex = torch._dynamo.explain(model)(input_ids=ids)
        r["explain"] = {"graph_count": ex.graph_count, "graph_break_count": ex.graph_break_count, "op_count": ex.op_count,
                        "break_reasons": [{"reason": br.reason, "user_stack": [f"{fs.filename}:{fs.lineno} in {fs.name}" for fs in br.user_stack]} for br in ex.break_reasons],
                        "ops_per_graph": [[str(o) for o in ops] for ops in (ex.ops_per_graph or [])]}
    except BaseException as e:
        r["error"] = f"{type(e).__name__}: {str(e)[:300]}"
    finally:
        signal.alarm(0)
    jl.write(json.dumps(r) + "\n"); jl.flush()
jl.write(json.dumps({"done": True, "worker": I, "transformers": transformers.__version__, "torch": torch.__version__}) + "\n")
