# Usage (device): for i in 0..W-1: python automodel_dynamic.py W i  (OUT=dir, AUTOMODEL_BUILD=automodel_build.jsonl,
# AUTOMODEL_AUDIO=automodel_audio_explain.jsonl, AUTOMODEL_ONLY=text|vision|audio to run one modality; one dyn<ONLY>I.jsonl per worker, concatenated to
# testdata/hf-population/automodel_dynamic.jsonl).
# device: the WHOLE RUN of AutoModel.from_config(tiny config) under torch.compile(backend="eager"), two calls whose
# second input has another size (the recompile with a dynamic dimension), for every type that built and ran eagerly:
# input_ids (1, 8) then (1, 12); pixel_values (1, C, H, W) then (2, C, H, W); audio (the layout automodel_audio_explain
# recorded) then its time axis 1.5 times as long. Records torch's counters after the run (frames, stats.unique_graphs,
# stats.calls_captured, graph_break reasons, recompiles), every frame ConvertFrame was handed (frames.total counts
# them, compiled or returned early) and, per graph the backend was handed in compile order, its
# call_function / call_method / call_module targets: the truth of tparse's "AutoModel whole run" population.
import json, os
import torch
from torch._dynamo.utils import counters
from automodel_common import build, dynamo_counters, frames_handed, run_workers

_audio = {}
if os.environ.get("AUTOMODEL_AUDIO"):
    for line in open(os.environ["AUTOMODEL_AUDIO"]):
        r = json.loads(line)
        if r.get("input"):
            _audio[r["type"]] = r["input"]


def inputs(t, cfg, model):
    """The two calls' keyword arguments, or None for a type this population does not run."""
    name = model.main_input_name
    if name == "input_ids":
        return [dict(input_ids=torch.randint(0, 256, (1, 8))), dict(input_ids=torch.randint(0, 256, (1, 12)))]
    if name == "pixel_values":
        C = getattr(cfg, 'num_channels', 3)
        S = getattr(cfg, 'image_size', 224)
        H, W_ = (S, S) if isinstance(S, int) else (S[0], S[1])
        return [dict(pixel_values=torch.randn(1, C, H, W_)), dict(pixel_values=torch.randn(2, C, H, W_))]
    if t in _audio:
        n, *shape = _audio[t]
        longer = list(shape)
        axis = len(shape) - 1 if n == "input_values" or shape[-1] > shape[-2] else len(shape) - 2
        longer[axis] = longer[axis] * 3 // 2
        return [{n: torch.randn(*shape)}, {n: torch.randn(*longer)}]
    return None


def run_one(t, r):
    cfg, model = build(t)
    calls = inputs(t, cfg, model)
    if calls is None:
        r["skipped"] = "main input " + model.main_input_name
        return
    r["inputs"] = [{k: list(v.shape) for k, v in kw.items()} for kw in calls]
    with torch.no_grad():
        for kw in calls:
            model(**kw)  # eager first: a type whose forward raises is not compared
    r["eager"] = True
    graphs = []

    def backend(gm, example_inputs):
        graphs.append([str(n.target) for n in gm.graph.nodes if n.op in ("call_function", "call_method", "call_module")])
        return gm.forward

    # every frame torch's ConvertFrame is handed (what counters["frames"]["total"] counts), compiled or not
    seen = []
    counters.clear()
    torch._dynamo.reset()
    cm = torch.compile(model, backend=backend)
    with frames_handed(seen):
        try:
            with torch.no_grad():
                for kw in calls:
                    cm(**kw)
        except Exception as e:
            r["compiled_error"] = f"{type(e).__name__}: {str(e)[:300]}"
    r["frames_seen"] = seen
    r["counters"] = dynamo_counters()
    r["graphs"] = graphs


def select(row):
    if not row.get("built"):
        return False
    n = row.get("main_input_name")
    if not isinstance(n, str):
        return False
    only = os.environ.get("AUTOMODEL_ONLY")  # text / vision / audio: one modality per run
    if only and only != {"input_ids": "text", "pixel_values": "vision"}.get(n, "audio"):
        return False
    return (n == "input_ids" and row.get("forward")) or n == "pixel_values" or (n in ("input_values", "input_features") and row["type"] in _audio)


if __name__ == "__main__":
    run_workers(select, "dyn" + os.environ.get("AUTOMODEL_ONLY", ""), run_one)
