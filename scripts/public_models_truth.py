"""Reduces the real torch 2.11 run of a public-model driver to the whole-run truth the tests compare with
(testdata/public-models/<name>/whole_run.json): `tparse summary --json` of the real TORCH_TRACE, kept to
totals, per-compile frame / outcome / op counts and recompile reasons (no source text beyond the one-line
guard comments torch writes into a recompile reason).
Usage: python3 scripts/public_models_truth.py SUMMARY_JSON OUT_JSON   (SUMMARY_JSON: tparse summary --json TRACE)"""
import json
import sys

s = json.load(open(sys.argv[1]))
first_line = {c: f["first_line"] for f in s["frames"] for c in f["compiles"]}
t = s["totals"]
out = {
    "totals": {k: t[k] for k in ("frames", "compiles", "graphs", "recompiles", "failures", "frames_skipped")},
    "break_events": t["graph_breaks"]["events"],
    "compiles": [{"id": c["id"], "frame": c["frame"], "first_line": first_line[c["id"]], "outcome": c["outcome"], "graph": c["graph"],
                  "graph_op_count": c["graph_op_count"]} for c in s["compiles"]],
    "recompiles": [{"compile": r["compile"], "frame": r["frame"], "reasons": [x["text"] for x in r["reasons"]]}
                   for r in s["recompiles"]],
}
json.dump(out, open(sys.argv[2], "w"), indent=1)
