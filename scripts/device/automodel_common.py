# Shared by the AutoModel explain scripts (automodel_explain.py, automodel_vision_explain.py,
# automodel_audio_explain.py): tparse's tiny config, the per-type time limit, the model build and the explain
# record, and the worker loop (worker I of W over the types of automodel_build.jsonl a script selects).
import contextlib, json, os, signal, sys
import torch, transformers
from transformers import AutoConfig, AutoModel
tiny = {'hidden_size': 64, 'num_hidden_layers': 2, 'num_attention_heads': 4, 'num_key_value_heads': 2, 'intermediate_size': 128, 'vocab_size': 256, 'head_dim': 16, 'max_position_embeddings': 128, 'n_embd': 64, 'n_layer': 2, 'n_head': 4, 'n_positions': 128, 'num_experts': 4, 'num_local_experts': 4, 'num_experts_per_tok': 2, 'd_model': 64, 'num_layers': 2}
class TO(Exception): pass
def _alarm(*a): raise TO()


def build(t):
    """(config, model) as tparse's driver builds them: the type's default config with the tiny fields it has."""
    torch._dynamo.reset()
    torch.manual_seed(0)
    cfg = AutoConfig.for_model(t)
    for k, v in tiny.items():
        if hasattr(cfg, k):
            setattr(cfg, k, v)
    return cfg, AutoModel.from_config(cfg).eval()


@contextlib.contextmanager
def frames_handed(seen):
    """Every frame torch's ConvertFrame is handed while the block runs (what counters["frames"]["total"] counts,
    compiled or returned at once), appended to `seen` as "co_name file:firstlineno"."""
    orig_call = torch._dynamo.convert_frame.ConvertFrame.__call__

    def counting_call(self, frame, *a, **k):
        c = frame.f_code
        seen.append(f"{c.co_name} {os.path.basename(c.co_filename)}:{c.co_firstlineno}")
        return orig_call(self, frame, *a, **k)

    torch._dynamo.convert_frame.ConvertFrame.__call__ = counting_call
    try:
        yield seen
    finally:
        torch._dynamo.convert_frame.ConvertFrame.__call__ = orig_call


def explain_record(ex):
    return {"graph_count": ex.graph_count, "graph_break_count": ex.graph_break_count, "op_count": ex.op_count,
            "break_reasons": [{"reason": br.reason, "user_stack": [f"{fs.filename}:{fs.lineno} in {fs.name}" for fs in br.user_stack]} for br in ex.break_reasons],
            "ops_per_graph": [[str(o) for o in ops] for ops in (ex.ops_per_graph or [])]}


def run_workers(select, prefix, run_one):
    """For worker I of W (argv): each type whose automodel_build.jsonl row `select`s, run_one(type, record) fills the
    record (an exception becomes its "error"); one OUT/<prefix>I.jsonl line per type, then a done line."""
    signal.signal(signal.SIGALRM, _alarm)
    rows = [json.loads(l) for l in open(os.environ["AUTOMODEL_BUILD"])]
    types = [r["type"] for r in rows if select(r)]
    W, I = int(sys.argv[1]), int(sys.argv[2])
    jl = open(os.path.join(os.environ["OUT"], f"{prefix}{I}.jsonl"), "w")
    for t in types[I::W]:
        r = {"type": t}
        signal.alarm(150)
        try:
            run_one(t, r)
        except BaseException as e:
            r["error"] = f"{type(e).__name__}: {str(e)[:300]}"
        finally:
            signal.alarm(0)
        jl.write(json.dumps(r) + "\n"); jl.flush()
    jl.write(json.dumps({"done": True, "worker": I, "transformers": transformers.__version__, "torch": torch.__version__}) + "\n")
