"""Checks the installed tparse module against the installed tparse CLI (wheel_test.sh runs it in a
fresh venv): on every trace given, tparse.load(p).summary() == `tparse summary p --json` and
tparse.explain(p) == `tparse explain p --json`; a trace the CLI refuses raises TparseError with the
CLI's message. Then gate, report, graphs, model scripts, errors and the GIL on a few cases.
    python wheel_test.py TPARSE_CLI SOURCE_DIR TRACE...
"""
import json
import os
import subprocess
import sys
import tempfile
import threading
import time

import tparse

cli, src, traces = sys.argv[1], sys.argv[2], sys.argv[3:]
failures = []
assert not os.path.abspath(tparse.__file__).startswith(os.path.abspath(src)), f"imported the source tree's {tparse.__file__}"


def fail(msg):
    failures.append(msg)
    print("FAIL:", msg, file=sys.stderr)


def run(*args):
    p = subprocess.run([cli, *args], capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


assert len(traces) >= 20, f"only {len(traces)} traces"
loaded = {}
t0 = time.time()
for p in traces:
    rc, out, err = run("summary", p, "--json", "-q")
    try:
        t = tparse.load(p)
    except tparse.TparseError as e:
        if rc != 2 or str(e).strip() != err.strip():
            fail(f"{p}: module raised {str(e)!r}, CLI exit {rc} said {err.strip()!r}")
        continue
    if rc not in (0, 1):
        fail(f"{p}: CLI exit {rc} ({err.strip()}) but the module loaded it")
        continue
    if t.summary() != json.loads(out):
        fail(f"{p}: tparse.load(p).summary() != tparse summary p --json")
    if t.summary_json() != out:
        fail(f"{p}: summary_json() text differs from the CLI's")
    s = json.loads(out)
    if [c.to_dict() for c in t.compiles] != s["compiles"] or [x.to_dict() for x in t.graph_breaks] != s["graph_breaks"]["sites"]:
        fail(f"{p}: .compiles / .graph_breaks differ from summary --json")
    if t.diagnostics.errors != s["diagnostics"]["errors"] or len(t.ranks) != len(s["ranks"]) \
            or len(t.recompiles) != len(s["recompiles"]) or len(t.failures) != len(s["failures"]) \
            or len(t.frames) != len(s["frames"]):
        fail(f"{p}: fields differ from summary --json")
    loaded[p] = t
    rc, out, err = run("explain", p, "--json", "-q")
    try:
        e = tparse.explain(p)
        if rc != 0 or e.to_dict() != json.loads(out):
            fail(f"{p}: tparse.explain(p) != tparse explain p --json (CLI exit {rc})")
        if e.exact != (not json.loads(out)["scope"]["guess"]):
            fail(f"{p}: Explanation.exact is not the negation of scope.guess")
        if t.explain().to_dict() != e.to_dict():
            fail(f"{p}: Trace.explain() != tparse.explain(p)")
    except tparse.TparseError as ex:
        if rc != 2 or str(ex).strip() != err.strip():
            fail(f"{p}: explain raised {ex} but the CLI exit {rc}")
print(f"summary + explain: {len(traces)} traces, {len(loaded)} loaded, {time.time() - t0:.1f} s")

# Model scripts through the reference compiler: the same JSON as the CLI, errors as exceptions.
for prog in ("item_break.py", "data_dep_if.py", "recompile_size.py"):
    path = os.path.join(src, "testdata/programs", prog)
    rc, out, err = run("explain", path, "--json")
    e = tparse.explain(path)
    if rc != 0 or e.to_dict() != json.loads(out):
        fail(f"{prog}: tparse.explain(model.py) != tparse explain model.py --json")
    for torch in ("2.3",):
        rc, out, err = run("explain", path, "--json", "--torch", torch)
        if tparse.explain(path, torch=torch).to_dict() != json.loads(out):
            fail(f"{prog}: torch={torch} differs from the CLI")
with tempfile.TemporaryDirectory() as tmp:
    bad = os.path.join(tmp, "bad_model.py")
    with open(bad, "w") as f:
        f.write("import torch\n\ndef f(x):\n    return x +\n")
    rc, out, err = run("explain", bad, "--json")
    try:
        tparse.explain(bad)
        fail("a script with a syntax error did not raise")
    except tparse.TparseError as ex:
        if f"{bad}:4" not in str(ex) or str(ex).strip() != err.strip():
            fail(f"script error {str(ex)!r} is not the CLI's file:line message {err.strip()!r}")
    try:
        tparse.load(os.path.join(tmp, "missing.log"))
        fail("a missing trace did not raise")
    except tparse.TparseError as ex:
        if "missing.log" not in str(ex):
            fail(f"missing trace: {ex}")
    # --strict: damaged lines named file:line
    wrong = os.path.join(src, "testdata/bad/wrong_md5.log")
    try:
        tparse.load(wrong, strict=True)
        fail("strict=True loaded a damaged trace")
    except tparse.TparseError as ex:
        rc, out, err = run("summary", wrong, "--strict", "-q")
        if rc != 1 or str(ex).strip() != err.strip() or "wrong_md5.log:" not in str(ex):
            fail(f"strict message {str(ex)!r} is not the CLI's {err.strip()!r}")

    # gate: against a trace, a saved summary, a dict -- the CLI's verdicts and JSON.
    case = lambda name: os.path.join(src, "testdata/torch-2.11", name, "trace")
    for cur, base in ((case("print_break"), case("mlp_clean")), (case("mlp_clean"), case("print_break")),
                      (case("recompile_dynamic"), case("recompile_limit"))):
        rc, out, err = run("gate", cur, "--baseline-trace", base, "--format", "json", "-q")
        g = tparse.gate(cur, base)
        if g.to_dict() != json.loads(out) or g.passed != (rc == 0):
            fail(f"gate {cur} vs {base}: {g.verdict} vs CLI exit {rc}")
        saved = os.path.join(tmp, "base.json")
        run("summary", base, "--json", "-q", "-o", saved)
        rc2, out2, _ = run("gate", cur, "--baseline", saved, "--format", "json", "-q", "--fail-on", "recompiles")
        for b in (saved, tparse.load(base).summary()):
            g2 = tparse.gate(tparse.load(cur), b, fail_on="recompiles")
            if g2.to_dict() != json.loads(out2) or g2.passed != (rc2 == 0):
                fail(f"gate against a summary baseline ({type(b).__name__}) differs from the CLI")
        if g2.findings != [c for c in json.loads(out2)["checks"] if c["failed"]]:
            fail("gate findings are not the failed checks")

    # report: the CLI's files
    t = tparse.load(case("print_break"))
    index = tparse.report(t, os.path.join(tmp, "py_report"))
    run("report", case("print_break"), "-o", os.path.join(tmp, "cli_report"), "--no-browser", "-q")
    files = lambda d: sorted(os.path.relpath(os.path.join(r, f), d) for r, _, fs in os.walk(d) for f in fs)
    if not os.path.isfile(index) or files(os.path.join(tmp, "py_report")) != files(os.path.join(tmp, "cli_report")):
        fail("tparse.report wrote other files than tparse report")
    try:
        tparse.report(t, os.path.join(tmp, "cli_report"))
        fail("report into a non-empty directory without overwrite did not raise")
    except tparse.TparseError as ex:
        if "--overwrite" not in str(ex):
            fail(f"report refusal: {ex}")

    # graphs: every compile with a graph has its dynamo_output_graph; drawn as DOT and SVG.
    graphs = 0
    for c in t.compiles:
        if c.has_graph and c["graph"]:
            g = c.graph()
            if g.kind != "dynamo_output_graph" or "def forward" not in g.text:
                fail(f"{c.id}: graph text {g.text[:80]!r}")
            if not g.to_dot().startswith("digraph") or "<svg" not in g._repr_svg_():
                fail(f"{c.id}: DOT / SVG drawing")
            graphs += 1
    if graphs != t.totals.graphs:
        fail(f"{graphs} graphs drawn, the trace has {t.totals.graphs}")
    try:
        t.compiles[0].graph("no_such_artifact")
        fail("a missing artifact did not raise KeyError")
    except KeyError:
        pass
    html = t._repr_html_()
    if "<table" not in html or str(t.totals.compiles) not in html:
        fail("Trace._repr_html_ has no summary table")

    # The GIL is released while loading: another thread runs meanwhile.
    big = case("chatglm_version_forward")
    ticks = []
    stop = threading.Event()

    def tick():
        while not stop.is_set():
            ticks.append(time.perf_counter())
            time.sleep(0.001)

    th = threading.Thread(target=tick)
    th.start()
    t_start = time.perf_counter()
    for _ in range(3):
        tparse.load(big, verify_md5=True)
    t_end = time.perf_counter()
    stop.set()
    th.join()
    during = [x for x in ticks if t_start < x < t_end]
    if (t_end - t_start) > 0.05 and len(during) < 5:
        fail(f"only {len(during)} ticks of another thread during {t_end - t_start:.2f} s of loading: GIL held?")

try:
    loaded[traces[0]].to_pandas()
    fail("to_pandas without pandas did not raise ImportError")
except ImportError as e:
    if "pandas" not in str(e):
        fail(f"to_pandas without pandas: {e}")

if failures:
    print(f"{len(failures)} failure(s)", file=sys.stderr)
    sys.exit(1)
print("wheel test: all checks passed")
