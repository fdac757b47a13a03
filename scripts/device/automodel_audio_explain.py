# Usage (device): for i in 0..W-1: python automodel_audio_explain.py W i  (OUT=dir; one aexplainI.jsonl per worker,
# concatenated to testdata/hf-population/automodel_audio_explain.jsonl).
# device: torch._dynamo.explain of AutoModel.from_config(tiny config) on its audio input, for every transformers model
# type whose model built in automodel_build.jsonl (AUTOMODEL_BUILD names that file) with main_input_name input_values
# (a waveform: (1, 16000), else (1, 1, 16000)) or input_features (a spectrogram: (1, F, 3000), else (1, 3000, F), F the
# config's num_mel_bins or feature_size or 80). An eager forward runs first (the first layout that runs is kept, in "input"): a type whose eager forward raises is recorded with its error and no explain. Truth for
# tparse's "AutoModel on audio" population (hf_population_test.cpp writes the same driver).
import torch
from automodel_common import build, explain_record, run_workers


def run_one(t, r):
    cfg, model = build(t)
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
        r["explain"] = explain_record(torch._dynamo.explain(model)(**{name: x}))


run_workers(lambda row: row.get("built") and row.get("main_input_name") in ("input_values", "input_features"), "aexplain", run_one)
