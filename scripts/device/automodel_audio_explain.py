# Usage (device): for i in 0..W-1: python automodel_audio_explain.py W i  (OUT=dir; one aexplainI.jsonl per worker,
# concatenated to testdata/hf-population/automodel_audio_explain.jsonl).
# device: torch._dynamo.explain of AutoModel.from_config(tiny config) on its audio input, for every transformers model
# type whose model built in automodel_build.jsonl (AUTOMODEL_BUILD names that file) with main_input_name input_values
# (a waveform: (1, 16000), else (1, 1, 16000)) or input_features (a spectrogram: (1, F, 3000), else (1, 3000, F), F the
# config's num_mel_bins or feature_size or 80). An eager forward runs first (the first layout that runs is kept, in "input"): a type whose eager forward raises is recorded with its error and no explain. Truth for
# tparse's "AutoModel on audio" population (hf_population_test.cpp writes the same driver).
import json, os, signal, sys
import torch, transformers
from transformers import AutoConfig, AutoModel
tiny = {'hidden_size': 64, 'num_hidden_layers': 2, 'num_attention_heads': 4, 'num_key_value_heads': 2, 'intermediate_size': 128, 'vocab_size': 256, 'head_dim': 16, 'max_position_embeddings': 128, 'n_embd': 64, 'n_layer': 2, 'n_head': 4, 'n_positions': 128, 'num_experts': 4, 'num_local_experts': 4, 'num_experts_per_tok': 2, 'd_model': 64, 'num_layers': 2}
class TO(Exception): pass
def h(*a): raise TO()
signal.signal(signal.SIGALRM, h)
rows = [json.loads(l) for l in open(os.environ["AUTOMODEL_BUILD"])]
types = [r["type"] for r in rows if r.get("built") and r.get("main_input_name") in ("input_values", "input_features")]
W, I = int(sys.argv[1]), int(sys.argv[2])
jl = open(os.path.join(os.environ["OUT"], f"aexplain{I}.jsonl"), "w")
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
        name = model.main_input_name
        F = getattr(cfg, 'num_mel_bins', None) or getattr(cfg, 'feature_size', None) or 80
        # the layouts models of different authors take; the first whose eager forward runs is explained
        shapes = [(1, 16000), (1, 1, 16000)] if name == 'input_values' else [(1, F, 3000), (1, 3000, F)]
        err = None
        for shape in shapes:
            x = torch.randn(*shape)
            try:
                with torch.no_grad():
                    model(**{name: x})
                err = None
                break
            except Exception as e:
                err = e
        if err is not None:
            raise err
        r["input"] = [name] + list(x.shape)
        r["eager"] = True
        with torch.no_grad():
            ex = torch._dynamo.explain(model)(**{name: x})
        r["explain"] = {"graph_count": ex.graph_count, "graph_break_count": ex.graph_break_count, "op_count": ex.op_count,
                        "break_reasons": [{"reason": br.reason, "user_stack": [f"{fs.filename}:{fs.lineno} in {fs.name}" for fs in br.user_stack]} for br in ex.break_reasons],
                        "ops_per_graph": [[str(o) for o in ops] for ops in (ex.ops_per_graph or [])]}
    except BaseException as e:
        r["error"] = f"{type(e).__name__}: {str(e)[:300]}"
    finally:
        signal.alarm(0)
    jl.write(json.dumps(r) + "\n"); jl.flush()
jl.write(json.dumps({"done": True, "worker": I, "transformers": transformers.__version__, "torch": torch.__version__}) + "\n")
