#!/usr/bin/env python3
"""The transformers causal-LM population table (docs/hf-population.md).

Reads the real torch 2.11 truth in testdata/hf-population/<type>/ (truth.json: torch's counters of two calls;
explain.json: torch._dynamo.explain on the first call; both made on the GPU machine by
scripts/device/hf_population.py) and, with --traces DIR (the driver's output folder, DIR/<type>/trace/),
runs `tparse explain --json` on each real trace and compares graphs / breaks / ops with explain.json.
With --model-src (transformers' sources: a folder holding transformers/, or the shared .tar.xz), the
"reference compiler" column runs `tparse explain` on each type's driver (scripts/hf_driver.py) with those
sources as --source-root and compares graphs / breaks / ops with torch's explain.json (and, from the whole run,
frames / unique graphs / recompiles with truth.json): exact, DIFFERS (ours vs torch) or where it stopped.
usage: hf_population_table.py [--tparse BIN] [--traces DIR] [--truth DIR] [--model-src DIR|TARBALL] [--only T,..]"""
import argparse, json, os, re, subprocess, sys, tarfile, tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hf_driver  # noqa: E402


def source_root(path, tmp):
    """A folder holding transformers/: the path itself, or the tarball extracted (its .py files) under tmp."""
    if os.path.isdir(path):
        return path
    with tarfile.open(path) as tf:
        members = [m for m in tf.getmembers() if m.isfile() and m.name.endswith(".py")]
        tf.extractall(tmp, members=members)
    for root, dirs, _ in os.walk(tmp):
        if "transformers" in dirs and os.path.isfile(os.path.join(root, "transformers", "__init__.py")):
            return root
    sys.exit(f"{path}: no transformers/ package inside")


def reference_compiler(a, t, tr, ex, src, tmp):
    """(verdict, cell text) of `tparse explain` on the type's driver against torch's explain.json / truth.json."""
    drv = os.path.join(tmp, f"run_{t.replace('-', '_')}.py")
    with open(drv, "w") as f:
        f.write(hf_driver.driver(t, tr))
    p = subprocess.run([a.tparse, "explain", drv, "--source-root", src, "--json", "-q"], capture_output=True, text=True,
                       timeout=300)
    try:
        o = json.loads(p.stdout)
    except ValueError:
        return "stopped", "stopped: " + (p.stderr.strip().splitlines() or ["no output"])[0][:100].replace("|", "/")
    got = (o.get("graph_count"), o.get("graph_break_count"), o.get("op_count"))
    want = (ex["graph_count"], ex["graph_break_count"], ex["op_count"])
    stop = [u for u in o.get("exactness", {}).get("unmodelled", []) if "run stopped" in u]  # "file:line: run stopped: why"
    if stop:
        where = stop[0].split("/transformers/")[-1]
        return "stopped", f"stopped at {where[:130]}".replace("|", "/")
    if got != want:
        return "differs", f"DIFFERS {got[0]} / {got[1]} / {got[2]} (torch {want[0]} / {want[1]} / {want[2]})"
    norm = lambda ops: [[re.sub(r" at 0x(?:[0-9a-f]+|…)>", ">", x) for x in g] for g in ops]
    if norm(o.get("ops_per_graph", [])) != norm(ex.get("ops_per_graph", [])):
        return "differs", f"DIFFERS in the ops (counts equal: {got[0]} / {got[1]} / {got[2]})"
    # the whole run (two calls): compiles and unique graphs as torch's counters
    tdir = os.path.join(tmp, "trace_" + t)
    subprocess.run([a.tparse, "compile", drv, "--source-root", src, "--trace-dir", tdir], capture_output=True, timeout=300)
    p = subprocess.run([a.tparse, "summary", tdir, "--json", "-q"], capture_output=True, text=True)
    try:
        tot = json.loads(p.stdout).get("totals", {})
    except ValueError:
        tot = {}
    whole = (tot.get("compiles"), tot.get("graphs"))
    want_whole = (tr.get("frames", {}).get("total"), tr.get("stats", {}).get("unique_graphs"))
    if whole != want_whole:
        return "differs", f"DIFFERS over two calls: {whole[0]} compiles / {whole[1]} graphs (torch {want_whole[0]} / {want_whole[1]})"
    return "exact", f"exact {got[0]} / {got[1]} / {got[2]}"

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
    ap.add_argument("--model-src", help="transformers' sources (folder with transformers/ or the .tar.xz)")
    ap.add_argument("--only", help="comma-separated types (the count line then covers only these)")
    a = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="hfpop")
    src = source_root(a.model_src, os.path.join(tmp, "src")) if a.model_src else None
    only = set(a.only.split(",")) if a.only else None
    ref = {"exact": [], "differs": [], "stopped": []}
    rows, n = [], {"types": 0, "built": 0, "torch_error": 0, "failure_found": 0, "compared": 0, "exact": 0}
    for t in sorted(os.listdir(a.truth)):
        tr = load(os.path.join(a.truth, t, "truth.json")); ex = load(os.path.join(a.truth, t, "explain.json"))
        if tr is None or (only and t not in only): continue
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
        cell = ""
        if src and ex:
            verdict, cell = reference_compiler(a, t, tr, ex, src, tmp)
            ref[verdict].append(t)
            print(f"{t}: {cell}", file=sys.stderr, flush=True)
        rows.append(f"| {t} | {real} | explain {exs} | {ours} | {cell} |")
    print("| model type | real torch 2.11 (two calls) | explain (graphs / breaks / ops) | tparse from the real trace | reference compiler |")
    print("|---|---|---|---|---|")
    print("\n".join(rows))
    print(f"\n{n['types']} types: {n['built']} build, {n['torch_error']} of them fail under torch itself "
          f"(tparse finds that failure in {n['failure_found']}); "
          f"tparse compared on {n['compared']} real traces, {n['exact']} exact.", file=sys.stderr)
    if src:
        total = sum(len(v) for v in ref.values())
        print(f"reference compiler on the drivers: {len(ref['exact'])} of {total} types exact (graphs / breaks / ops "
              f"equal to torch's explain.json), {len(ref['differs'])} differ, {len(ref['stopped'])} stopped.", file=sys.stderr)
        print("exact: " + " ".join(ref["exact"]), file=sys.stderr)

if __name__ == "__main__":
    main()
