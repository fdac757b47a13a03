#!/usr/bin/env python3
"""Reduces the device's module truth (scripts/device/truthrec.py's module_truth_raw.json: per graph, each FX
node's meta nn_module_stack / fwd_nn_module_stack) to testdata/torch-2.11/*_module_truth/module_truth.json:
graph (compile id, kind) -> op node name -> innermost module path with the root `L['self']` prefix removed;
null where the node has no module stack. Placeholders and the output node are left out.
usage: module_truth_reduce.py RAW_JSON OUT_JSON [MADE_BY]"""
import json, re, sys

raw = json.load(open(sys.argv[1]))
made_by = sys.argv[3] if len(sys.argv) > 3 else (
    "truth_cases.py + truthrec.py on the device (torch 2.11): each FX node's meta nn_module_stack "
    "(fwd_nn_module_stack for backward nodes), innermost entry, root prefix L['...'] removed; null = no module stack")
ROOT = re.compile(r"^L\['[^']+'\]\.?")
graphs = []
for r in raw:
    nodes = {}
    for n in r["nodes"]:
        if n["op"] in ("placeholder", "output"):
            continue
        st = n.get("nn_module_stack") or n.get("fwd_nn_module_stack")
        nodes[n["name"]] = ROOT.sub("", st[-1][1]) if st else None
    graphs.append({"compile_id": r["compile_id"], "kind": r["kind"], "nodes": nodes})
json.dump({"made_by": made_by, "graphs": graphs}, open(sys.argv[2], "w"), indent=0)
