# Usage (device): for i in 0..W-1: python automodel_vision_explain.py W i  (OUT=dir; one vexplainI.jsonl per worker,
# concatenated to testdata/hf-population/automodel_vision_explain.jsonl).
# device: torch._dynamo.explain of AutoModel.from_config(tiny config) on pixel_values, for every transformers model type
# whose model built in automodel_build.jsonl (AUTOMODEL_BUILD names that file) with main_input_name pixel_values.
# The image is (1, num_channels, image_size) from the config (3 and 224 when it has none). An eager forward runs
# first: a type whose eager forward raises is recorded with its error and no explain. Truth for tparse's
# "AutoModel on pixel_values" population (hf_population_test.cpp writes the same driver).
import torch
from automodel_common import build, explain_record, run_workers


def run_one(t, r):
    cfg, model = build(t)
    C = getattr(cfg, 'num_channels', 3)
    S = getattr(cfg, 'image_size', 224)
    H, W_ = (S, S) if isinstance(S, int) else (S[0], S[1])
    r["image"] = [1, C, H, W_]
    px = torch.randn(1, C, H, W_)
    with torch.no_grad():
        model(pixel_values=px)
    r["eager"] = True
    with torch.no_grad():
        r["explain"] = explain_record(torch._dynamo.explain(model)(pixel_values=px))


run_workers(lambda row: row.get("built") and row.get("main_input_name") == "pixel_values", "vexplain", run_one)
