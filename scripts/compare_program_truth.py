"""Runs tparse's reference compiler on whole programs and compares each with real torch's run of the same program
(scripts/device/program_truth.py's OUT/CASE: trace/, truth.json, frames_seen.json).
Equal means: the same frames handed to Dynamo (counters frames.total), compiles, graphs, graph-break events,
recompiles and failures, the same op count per compile in order, and the same break kinds (gb ids with counts).
Usage: python3 scripts/compare_program_truth.py TRUTH_ROOT CASES_ROOT [CASE...]
  TRUTH_ROOT/CASE from program_truth.py; CASES_ROOT/CASE a folder with run.py (or CASES_ROOT/CASE.py).
  TPARSE (default build/apps/tparse/tparse), TIMEOUT (seconds per case, 300). Prints one line per case, then
  "equal N/M"; -v prints the differing fields."""
import json, os, subprocess, sys, tempfile

TPARSE = os.environ.get("TPARSE", os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "build", "apps", "tparse", "tparse"))


def summary(trace):
    r = subprocess.run([TPARSE, "summary", "--json", "-q", trace], capture_output=True, text=True)
    if r.returncode not in (0, 1) or not r.stdout.strip():
        return None
    return json.loads(r.stdout)


def reduce(s, frames_total):
    t = s["totals"]
    kinds = {}
    for site in t.get("graph_breaks", {}).get("sites", s.get("graph_breaks", {}).get("sites", [])):
        for k, n in (site.get("gb_ids") or {site.get("gb_id") or site.get("reason"): site.get("count", 1)}).items():
            kinds[k] = kinds.get(k, 0) + n
    return {
        "frames_total": frames_total,
        "compiles": t["compiles"], "graphs": t["graphs"], "recompiles": t["recompiles"], "failures": t["failures"],
        "breaks": t["graph_breaks"]["events"],
        "ops": [c["graph_op_count"] for c in s["compiles"]],
        "break_kinds": dict(sorted(kinds.items())),
    }


def compare(truth_dir, case_path, verbose):
    if not os.path.exists(os.path.join(truth_dir, "truth.json")):  # (the case timed out on the device)
        return "no-truth", {}
    truth = json.load(open(os.path.join(truth_dir, "truth.json")))
    ts = summary(os.path.join(truth_dir, "trace"))
    if ts is None:
        return "no-truth", {}
    want = reduce(ts, truth.get("frames", {}).get("total", 0))
    prog = os.path.join(case_path, "run.py") if os.path.isdir(case_path) else case_path
    with tempfile.TemporaryDirectory() as tmp:
        try:
            r = subprocess.run([TPARSE, "compile", os.path.basename(prog), "--trace-dir", tmp], cwd=os.path.dirname(os.path.abspath(prog)),
                               capture_output=True, text=True, timeout=int(os.environ.get("TIMEOUT", "300")))
        except subprocess.TimeoutExpired:
            return "timeout", {}
        ours = summary(tmp)
        if ours is None:
            return f"no-trace rc={r.returncode} {r.stderr.strip().splitlines()[-1:] }", {}
    # frames.total: `tparse compile` prints the frames it handed to Dynamo (returned at once ones too)
    frames = next((int(l.split(":")[1]) for l in r.stdout.splitlines() if l.startswith("frames handed to Dynamo:")), -1)
    got = reduce(ours, frames)
    diff = {k: (want[k], got[k]) for k in want if want[k] != got[k]}
    return ("equal" if not diff else "differ"), diff


def main():
    args = [a for a in sys.argv[1:] if a != "-v"]
    verbose = "-v" in sys.argv
    truth_root, cases_root = args[0], args[1]
    cases = args[2:] or sorted(d for d in os.listdir(truth_root) if os.path.isdir(os.path.join(truth_root, d)))
    equal = 0
    for c in cases:
        path = os.path.join(cases_root, c)
        if not os.path.exists(path):
            path += ".py"
        status, diff = compare(os.path.join(truth_root, c), path, verbose)
        equal += status == "equal"
        line = f"{c:32s} {status}"
        if diff:
            line += "  " + ("; ".join(f"{k}: torch {a} tparse {b}" for k, (a, b) in diff.items()) if verbose
                            else ", ".join(diff))
        print(line, flush=True)
    print(f"equal {equal}/{len(cases)}")


if __name__ == "__main__":
    main()
