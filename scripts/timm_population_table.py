#!/usr/bin/env python3
"""The timm population table (docs/compiler.md, "timm population"): for every model of testdata/timm-population,
torch 2.11's numbers (explain.json of the first call: graphs / breaks / ops; whole_run.json: compiles / graphs)
and the reference compiler's on the same driver with timm's source as --source-root (`tparse explain --json`,
then `tparse compile` + `tparse summary --json` for the whole run), with a verdict: exact (ops in order and the
whole run's totals and per-compile op counts equal), DIFFERS (where first) or stopped (where).
usage: timm_population_table.py --timm DIR [--tparse BIN] [--only m1,m2] [--markdown]"""
import argparse, json, os, re, subprocess, sys, tempfile

here = os.path.dirname(os.path.abspath(__file__))
ap = argparse.ArgumentParser()
ap.add_argument("--timm", required=True, help="folder holding timm/ (the source the device ran)")
ap.add_argument("--tparse", default=os.path.join(here, "..", "build", "apps", "tparse", "tparse"))
ap.add_argument("--pop", default=os.path.join(here, "..", "testdata", "timm-population"))
ap.add_argument("--only", default="")
a = ap.parse_args()
norm = lambda ops: [[re.sub(r" at 0x(?:[0-9a-f]+|…)>", ">", x) for x in g] for g in ops]


def verdict(d, tmp):
    drv = os.path.join(d, "driver.py")
    ex, w = json.load(open(os.path.join(d, "explain.json"))), json.load(open(os.path.join(d, "whole_run.json")))
    real = f"{ex['graph_count']} / {ex['graph_break_count']} / {ex['op_count']}; {w['totals']['compiles']} compiles, {w['totals']['graphs']} graphs"
    p = subprocess.run([a.tparse, "explain", drv, "--source-root", a.timm, "--json", "-q"], capture_output=True, text=True, timeout=600)
    try:
        o = json.loads(p.stdout)
    except ValueError:
        return real, "-", "stopped: " + (p.stderr.strip().splitlines() or ["no output"])[0][:120]
    stop = [u for u in o.get("exactness", {}).get("unmodelled", []) if "run stopped" in u]
    if stop:
        return real, "-", "stopped at " + stop[0].split("/timm/")[-1][:140]
    if "graph_count" not in o:
        return real, "-", "stopped: " + (p.stderr.strip().splitlines() or ["no graph"])[0][:120]
    ours = f"{o['graph_count']} / {o['graph_break_count']} / {o['op_count']}"
    if (o["graph_count"], o["graph_break_count"], o["op_count"]) != (ex["graph_count"], ex["graph_break_count"], ex["op_count"]):
        return real, ours, "DIFFERS (first call)"
    mine, theirs = norm(o.get("ops_per_graph", [])), norm(ex.get("ops_per_graph", []))
    for g, (x, y) in enumerate(zip(mine, theirs)):
        for i in range(max(len(x), len(y))):
            if i >= len(x) or i >= len(y) or x[i] != y[i]:
                return real, ours, f"DIFFERS graph {g} op {i}: {x[i] if i < len(x) else '-'} vs torch {y[i] if i < len(y) else '-'}"
    tdir = os.path.join(tmp, os.path.basename(d))
    subprocess.run([a.tparse, "compile", drv, "--source-root", a.timm, "--trace-dir", tdir], capture_output=True, timeout=600)
    p = subprocess.run([a.tparse, "summary", tdir, "--json", "-q"], capture_output=True, text=True)
    try:
        s = json.loads(p.stdout)
        t = s["totals"]
    except (ValueError, KeyError):
        return real, ours, "whole run stopped: " + (p.stderr.strip().splitlines() or ["no summary"])[0][:120]
    ours += f"; {t['compiles']} compiles, {t['graphs']} graphs"
    for k in ("frames", "compiles", "graphs", "recompiles", "failures"):
        if t[k] != w["totals"][k]:
            return real, ours, f"DIFFERS whole run: {k}"
    if [c["graph_op_count"] for c in s["compiles"]] != [c["graph_op_count"] for c in w["compiles"]]:
        return real, ours, "DIFFERS whole run: graph op counts " + str([c["graph_op_count"] for c in s["compiles"]])
    return real, ours, "exact"


only = set(filter(None, a.only.split(",")))
rows, exact = [], 0
with tempfile.TemporaryDirectory() as tmp:
    for m in sorted(os.listdir(a.pop)):
        d = os.path.join(a.pop, m)
        if not os.path.isfile(os.path.join(d, "explain.json")) or (only and m not in only):
            continue
        real, ours, v = verdict(d, tmp)
        exact += v == "exact"
        rows.append(f"| {m} | {real} | {ours} | {v.replace('|', '/')} |")
        print(rows[-1], file=sys.stderr, flush=True)
print("| model | torch 2.11: explain graphs / breaks / ops; whole run | tparse | verdict |\n|---|---|---|---|")
print("\n".join(rows))
print(f"\n{exact} of {len(rows)} exact")
