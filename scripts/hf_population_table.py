#!/usr/bin/env python3
"""The transformers causal-LM population table (docs/hf-population.md).

Reads the real torch 2.11 truth in testdata/hf-population/<type>/ (truth.json: torch's counters of two calls;
explain.json: torch._dynamo.explain on the first call; both made on the GPU machine by
scripts/device/hf_population.py) and, with --traces DIR (the driver's output folder, DIR/<type>/trace/),
runs `tparse explain --json` on each real trace and compares graphs / breaks / ops with explain.json.
With --model-explain, also runs `tparse explain` on the reference compiler's driver for the type (when the
compiler gets that far; see issue 22).
usage: hf_population_table.py [--tparse BIN] [--traces DIR] [--truth DIR]"""
import argparse, json, os, subprocess, sys

def load(p):
    try:
        with open(p) as f: return json.load(f)
    except (OSError, ValueError): return None

def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser()
    ap.add_argument("--truth", default=os.path.join(here, "..", "testdata", "hf-population"))
    ap.add_argument("--traces", action="append", default=[], help="a driver output folder (repeatable)")
    ap.add_argument("--tparse", default=os.path.join(here, "..", "build", "apps", "tparse", "tparse"))
    a = ap.parse_args()
    rows, n = [], {"types": 0, "built": 0, "torch_error": 0, "failure_found": 0, "compared": 0, "exact": 0}
    for t in sorted(os.listdir(a.truth)):
        tr = load(os.path.join(a.truth, t, "truth.json")); ex = load(os.path.join(a.truth, t, "explain.json"))
        if tr is None: continue
        n["types"] += 1
        if tr.get("built") is False:
            rows.append(f"| {t} | does not build | {tr.get('error', '').splitlines()[0][:90].replace('|', '/')} | | |"); continue
        n["built"] += 1
        if tr.get("error"):
            n["torch_error"] += 1
            ours = ""
            found = [os.path.join(x, t, "trace") for x in a.traces if os.path.isdir(os.path.join(x, t, "trace"))]
            if found:  # tparse must find torch's failure in the trace: the same exception type
                p = subprocess.run([a.tparse, "summary", found[-1], "--json", "-q"], capture_output=True, text=True)
                fails = json.loads(p.stdout).get("failures", []) if p.stdout.startswith("{") else []
                same = any(f.get("fail_type") and f["fail_type"] in tr["error"] for f in fails)
                n["failure_found"] += same
                ours = (f"{len(fails)} failed compiles, {fails[0]['fail_type']} in `{fails[0]['frame']}`"
                        if fails else "no failure found") + (" (same as torch)" if same else " DIFFERS")
            first = tr["error"].splitlines()[0][:90].replace("|", "/")
            rows.append(f"| {t} | torch error | {first} | {ours} | |"); continue
        frames = tr.get("frames", {}).get("total"); graphs = tr.get("stats", {}).get("unique_graphs")
        breaks = sum(tr.get("graph_break", {}).values()) if "graph_break" in tr else 0
        real = f"{frames} frames, {graphs} graphs, {breaks} breaks"
        exs = f"{ex['graph_count']} / {ex['graph_break_count']} / {ex['op_count']}" if ex else "(no explain)"
        ours = ""
        found = [os.path.join(x, t, "trace") for x in a.traces if os.path.isdir(os.path.join(x, t, "trace"))]
        if found and ex:
            p = subprocess.run([a.tparse, "explain", found[-1], "--json", "-q", "--latest"], capture_output=True, text=True)
            if p.returncode == 0:
                o = json.loads(p.stdout); n["compared"] += 1
                got = (o["graph_count"], o["graph_break_count"], o["op_count"])
                same = got == (ex["graph_count"], ex["graph_break_count"], ex["op_count"])
                n["exact"] += same
                ours = f"{got[0]} / {got[1]} / {got[2]} {'exact' if same else 'DIFFERS'}"
            else:
                ours = "error: " + p.stderr.strip()[:60]
        rows.append(f"| {t} | {real} | explain {exs} | {ours} | |")
    print("| model type | real torch 2.11 (two calls) | explain (graphs / breaks / ops) | tparse from the real trace | reference compiler |")
    print("|---|---|---|---|---|")
    print("\n".join(rows))
    print(f"\n{n['types']} types: {n['built']} build, {n['torch_error']} of them fail under torch itself "
          f"(tparse finds that failure in {n['failure_found']}); "
          f"tparse compared on {n['compared']} real traces, {n['exact']} exact.", file=sys.stderr)

if __name__ == "__main__":
    main()
