# Usage (device): for i in 0..W-1: python automodel_build.py W i  (OUT=dir; one partI.jsonl per worker, concatenated to
# testdata/hf-population/automodel_build.jsonl). 14 workers, 380 s each on the device of 2026-11-26: 608 of 678 types recorded.
# device: does AutoModel.from_config build every transformers model type with tparse's tiny config? and
# does an eager forward on input_ids run? (truth for tparse's "AutoModel builds" population)
import json, os, signal, sys, traceback
import torch, transformers
from transformers import AutoConfig, AutoModel
from transformers.models.auto.configuration_auto import CONFIG_MAPPING_NAMES
out = {}
tiny = {'hidden_size': 64, 'num_hidden_layers': 2, 'num_attention_heads': 4, 'num_key_value_heads': 2, 'intermediate_size': 128, 'vocab_size': 256, 'head_dim': 16, 'max_position_embeddings': 128, 'n_embd': 64, 'n_layer': 2, 'n_head': 4, 'n_positions': 128, 'num_experts': 4, 'num_local_experts': 4, 'num_experts_per_tok': 2, 'd_model': 64, 'num_layers': 2}
class TO(Exception): pass
def h(*a): raise TO()
signal.signal(signal.SIGALRM, h)
types = list(CONFIG_MAPPING_NAMES)
W, I = int(sys.argv[1]), int(sys.argv[2])
jl = open(os.path.join(os.environ["OUT"], f"part{I}.jsonl"), "w")
for t in types[I::W]:
    r = {}
    signal.alarm(40)
    try:
        torch.manual_seed(0)
        cfg = AutoConfig.for_model(t)
        for k, v in tiny.items():
            if hasattr(cfg, k):
                setattr(cfg, k, v)
        m = AutoModel.from_config(cfg).eval()
        r["built"] = True
        r["class"] = type(m).__name__
        r["main_input_name"] = getattr(m, "main_input_name", None)
        if r["main_input_name"] == "input_ids":
            try:
                with torch.no_grad():
                    m(input_ids=torch.randint(0, 256, (1, 8)))
                r["forward"] = True
            except BaseException as e:
                r["forward"] = False; r["forward_error"] = f"{type(e).__name__}: {str(e)[:300]}"
    except BaseException as e:
        r.setdefault("built", False)
        r["error"] = f"{type(e).__name__}: {str(e)[:300]}"
    finally:
        signal.alarm(0)
    out[t] = r
    jl.write(json.dumps({"type": t, **r}) + "\n"); jl.flush()
jl.write(json.dumps({"done": True, "transformers": transformers.__version__, "torch": torch.__version__}) + "\n")
print(sum(1 for r in out.values() if r.get("built")), "of", len(out), "built")
