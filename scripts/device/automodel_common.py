# Shared by the AutoModel explain scripts (automodel_explain.py, automodel_vision_explain.py,
# automodel_audio_explain.py): tparse's tiny config, the per-type time limit, the model build and the explain
# record, and the worker loop (worker I of W over the types of automodel_build.jsonl a script selects).
import contextlib, json, os, signal, sys
import torch, transformers
from torch._dynamo.utils import counters
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


def dynamo_counters():
    """torch's counters a population record keeps (frames, stats, graph breaks, recompiles, unimplemented)."""
    return {k: dict(v) for k, v in counters.items() if k in ("frames", "stats", "graph_break", "recompiles", "unimplemented")}


def run_program(src, r):
    """Runs a population program (its text up to the `= torch.compile(` line eagerly, then the rest with the
    compiled model) with BACKEND a counting backend: the record gets the program, an eager or compiled error, torch's
    counters, every frame ConvertFrame was handed (frames_seen) and each graph's op count in compile order (graph_ops)."""
    r["program"] = src
    graphs = []

    def backend(gm, example_inputs):
        graphs.append(sum(1 for n in gm.graph.nodes if n.op in ("call_function", "call_method", "call_module")))
        return gm.forward

    seen = []
    torch._dynamo.reset()
    counters.clear()
    # the eager loop runs inside the same exec: a raise before torch.compile is the type's eager error
    g = {"__name__": "__main__", "BACKEND": backend}
    lines = src.split("\n")
    cut = next(i for i, l in enumerate(lines) if "= torch.compile(" in l)
    try:
        exec("\n".join(lines[:cut]), g)
    except Exception as e:
        r["eager_error"] = f"{type(e).__name__}: {str(e)[:300]}"
        return
    with frames_handed(seen):
        try:
            exec("\n".join(lines[cut:]), g)
        except Exception as e:
            r["compiled_error"] = f"{type(e).__name__}: {str(e)[:300]}"
    r["frames_seen"] = seen
    r["counters"] = dynamo_counters()
    r["graph_ops"] = graphs
    # why each recompile happened (the first failing guard per cache entry, as torch words it)
    r["guard_failures"] = [str(f) for fs in getattr(torch._dynamo.utils, "guard_failures", {}).values() for f in fs]


def select_input_ids(row):
    """automodel_build.jsonl's rows whose base model was built and ran eagerly on input_ids."""
    return bool(row.get("built")) and row.get("main_input_name") == "input_ids" and bool(row.get("forward"))
