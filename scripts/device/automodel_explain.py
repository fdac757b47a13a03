# Usage (device): for i in 0..W-1: python automodel_explain.py W i  (OUT=dir; one partI.jsonl per worker, concatenated to
# testdata/hf-population/automodel_explain.jsonl).
# device: torch._dynamo.explain of AutoModel.from_config(tiny config) on input_ids, for every transformers model type that
# built and ran an eager forward on input_ids in automodel_build.jsonl (AUTOMODEL_BUILD names that file). Truth for
# tparse's "AutoModel explain" population: the same build as automodel_build.py, then explain(model)(input_ids=(1, 8)).
import torch
from automodel_common import build, explain_record, run_workers


def run_one(t, r):
    cfg, model = build(t)
    ids = torch.randint(0, 256, (1, 8))
    with torch.no_grad():
        r["explain"] = explain_record(torch._dynamo.explain(model)(input_ids=ids))


run_workers(lambda row: row.get("built") and row.get("main_input_name") == "input_ids" and row.get("forward"), "explain", run_one)
