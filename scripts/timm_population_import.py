#!/usr/bin/env python3
"""Imports the device's timm population run (scripts/device/timm_population.py OUT) into testdata/timm-population/:
per model <model>/driver.py (our driver, as the device ran it), explain.json and truth.json (real torch's), and
whole_run.json (`tparse summary --json` of the real TORCH_TRACE reduced by scripts/public_models_truth.py; the
trace itself stays out: it quotes timm's source); population.tsv: module, model, parameters, input size and the
rule that chose it (from OUT/selection.json). Nothing of timm's source is copied.
usage: timm_population_import.py OUT [--tparse BIN] [--dest DIR]"""
import argparse, json, os, shutil, subprocess, sys, tempfile

here = os.path.dirname(os.path.abspath(__file__))
ap = argparse.ArgumentParser()
ap.add_argument("out")
ap.add_argument("--tparse", default=os.path.join(here, "..", "build", "apps", "tparse", "tparse"))
ap.add_argument("--dest", default=os.path.join(here, "..", "testdata", "timm-population"))
a = ap.parse_args()
sel = json.load(open(os.path.join(a.out, "selection.json")))
os.makedirs(a.dest, exist_ok=True)
rows = ["# module\tmodel\tparameters (num_classes=10, counted on meta)\tinput_size\trule  (timm " + sel["timm_version"] + ")"]
for mod, s in sorted(sel["modules"].items()):
    m = s["model"]
    rows.append(f"{mod}\t{m}\t{s['params'] if s['params'] is not None else '-'}\t{'x'.join(map(str, s['input_size']))}\t{s['rule']}")
    src, dst = os.path.join(a.out, "runs", m), os.path.join(a.dest, m)
    os.makedirs(dst, exist_ok=True)
    for f in ("driver.py", "explain.json", "truth.json"):
        if os.path.exists(os.path.join(src, f)):
            shutil.copy(os.path.join(src, f), os.path.join(dst, f))
    p = subprocess.run([a.tparse, "summary", os.path.join(src, "trace"), "--json", "-q"], capture_output=True, text=True)
    if p.returncode != 0:
        print(m, "summary failed:", p.stderr[:200], file=sys.stderr)
        continue
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as t:
        t.write(p.stdout)
    subprocess.run([sys.executable, os.path.join(here, "public_models_truth.py"), t.name, os.path.join(dst, "whole_run.json")], check=True)
    os.unlink(t.name)
open(os.path.join(a.dest, "population.tsv"), "w").write("\n".join(rows) + "\n")
print(len(sel["modules"]), "models imported into", a.dest)
