#!/usr/bin/env python3
"""Imports a device population run into testdata/<pkg>-population/: timm (scripts/device/timm_population.py OUT)
or torchvision (scripts/device/torchvision_population.py OUT). Per model: <model>/driver.py (our driver, as the device
ran it), explain.json and truth.json (real torch's), and whole_run.json (`tparse summary --json` of the real
TORCH_TRACE reduced by scripts/public_models_truth.py; the trace itself stays out: it quotes the package's source).
population.tsv: for timm module, model, parameters, input size and the rule that chose it; for torchvision model,
family, parameters and input (from OUT/selection.json); a model whose truth did not finish on the device is listed as
not run and not imported. Nothing of the package's source is copied.
usage: population_import.py {timm,torchvision} OUT [--tparse BIN] [--dest DIR]"""
import argparse, json, os, shutil, subprocess, sys, tempfile

here = os.path.dirname(os.path.abspath(__file__))
ap = argparse.ArgumentParser()
ap.add_argument("pkg", choices=["timm", "torchvision"])
ap.add_argument("out")
ap.add_argument("--tparse", default=os.path.join(here, "..", "build", "apps", "tparse", "tparse"))
ap.add_argument("--dest")
a = ap.parse_args()
a.dest = a.dest or os.path.join(here, "..", "testdata", a.pkg + "-population")
sel = json.load(open(os.path.join(a.out, "selection.json")))
rc = json.load(open(os.path.join(a.out, "rc.json"))) if os.path.exists(os.path.join(a.out, "rc.json")) else {}
os.makedirs(a.dest, exist_ok=True)
if a.pkg == "timm":
    rows = ["# module\tmodel\tparameters (num_classes=10, counted on meta)\tinput_size\trule  (timm " + sel["timm_version"] + ")"]
    models = []
    for mod, s in sorted(sel["modules"].items()):
        rows.append(f"{mod}\t{s['model']}\t{s['params'] if s['params'] is not None else '-'}\t{'x'.join(map(str, s['input_size']))}\t{s['rule']}")
        models.append(s["model"])
else:
    rows = ["# model\tfamily\tparameters (counted on meta)\tinput  (torchvision " + sel["torchvision_version"] + ")"]
    models = []
    inputs = {"classification": "2, then 3 x 3x224x224", "segmentation": "2, then 3 x 3x224x224",
              "detection": "lists of 2, then 3 images 3x224x224", "optical_flow": "2 image pairs, then 3, 3x128x128"}
    for m, s in sorted(sel["models"].items()):
        shape = inputs.get(s["family"]) or f"2, then 3 clips 3x16x{s['crop']}x{s['crop']}"
        done = rc.get(f"{m} trace", "0") == "0" and rc.get(f"{m} explain", "0") == "0"
        rows.append(f"{m}\t{s['family']}\t{s['params']}\t{shape}" + ("" if done else f"\tnot run: {rc.get(m + ' trace')} on the device"))
        if done:
            models.append(m)
for m in models:
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
print(len(models), "models imported into", a.dest)
