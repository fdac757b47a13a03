"""Real torch truth for public model files run by our drivers (testdata/public-models/smoke/<name>/driver.py):
per model, in fresh processes, a TORCH_TRACE of the whole driver under torch.compile(backend="eager") with torch's
counters (truth.json), and torch._dynamo.explain on the driver's first compiled call (explain.json / explain.txt;
torch.compile is replaced by a wrapper that explains the first call and exits).
Usage: python public_models.py OUT DRIVERS SOURCES SHIMS [NAME...]
  DRIVERS: testdata/public-models/smoke; SOURCES/<name>/<subdir of source.txt>: the model's repository files;
  SHIMS: testdata/public-models (the optional 4th field of source.txt names a folder of it)."""
import json, os, subprocess, sys

CHILD = r'''
import json, os, runpy, sys, traceback
import torch
from torch._dynamo.utils import counters
driver, out, mode = sys.argv[1], sys.argv[2], sys.argv[3]
def dump_truth(error):
    o = {k: dict(v) for k, v in counters.items()}
    o["torch_version"] = torch.__version__; o["error"] = error
    json.dump(o, open(os.path.join(out, "truth.json"), "w"), indent=1, default=str)
if mode == "explain":
    real_compile = torch.compile
    class Explained:
        def __init__(self, fn): self.fn = fn
        def __call__(self, *a, **k):
            ex = torch._dynamo.explain(self.fn)(*a, **k)
            j = {"graph_count": ex.graph_count, "graph_break_count": ex.graph_break_count, "op_count": ex.op_count,
                 "break_reasons": [{"reason": br.reason, "user_stack": [f"{os.path.basename(fs.filename)}:{fs.lineno} in {fs.name}" for fs in br.user_stack]} for br in ex.break_reasons],
                 "ops_per_graph": [[str(o) for o in ops] for ops in (ex.ops_per_graph or [])],
                 "out_guards_count": len(ex.out_guards or [])}
            json.dump(j, open(os.path.join(out, "explain.json"), "w"), indent=1)
            open(os.path.join(out, "explain.txt"), "w").write(str(ex))
            sys.stdout.flush(); os._exit(0)
    def fake_compile(fn=None, **kw):
        if fn is None: return lambda f: Explained(f)
        return Explained(fn)
    torch.compile = fake_compile
try:
    runpy.run_path(driver, run_name="__main__")
    if mode == "trace": dump_truth(None)
except BaseException as e:
    traceback.print_exc()
    if mode == "trace": dump_truth(f"{type(e).__name__}: {e}")
    sys.exit(1)
'''

def run_drivers(out, drivers, deadline, slots=14):
    """Real torch's truth for many drivers at once (the population scripts): drivers is an ordered {name: driver
    source}; each is written to OUT/runs/NAME/driver.py and run by CHILD twice in fresh processes (explain, trace),
    `slots` at a time, until the deadline (time.time() value). OUT/rc.json: each run's exit code, "timeout" or "not
    started (deadline)"."""
    import threading, time
    gate = threading.Semaphore(slots)
    results = {}

    def one(name, mode, o, drv):
        with gate:
            left = deadline - time.time()
            if left < 5:
                results[(name, mode)] = "not started (deadline)"
                return
            env = {k: v for k, v in os.environ.items() if k != "TORCH_TRACE"}
            env.update(PYTHONUNBUFFERED="1", OMP_NUM_THREADS="1")
            if mode == "trace":
                env["TORCH_TRACE"] = os.path.join(o, "trace")
            with open(os.path.join(o, mode + "_stdout.txt"), "w") as f:
                p = subprocess.Popen([sys.executable, "-c", CHILD, drv, o, mode], cwd=o, env=env, stdout=f, stderr=subprocess.STDOUT)
                try:
                    results[(name, mode)] = p.wait(timeout=left)
                except subprocess.TimeoutExpired:
                    p.kill()
                    results[(name, mode)] = "timeout"

    threads = []
    for name, source in drivers.items():
        o = os.path.join(out, "runs", name)
        os.makedirs(os.path.join(o, "trace"), exist_ok=True)
        drv = os.path.join(o, "driver.py")
        open(drv, "w").write(source)
        for mode in ("explain", "trace"):
            threads.append(threading.Thread(target=one, args=(name, mode, o, drv)))
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    json.dump({f"{m} {mode}": str(rc) for (m, mode), rc in sorted(results.items())},
              open(os.path.join(out, "rc.json"), "w"), indent=1)


if __name__ == "__main__":  # the population scripts import CHILD and run_drivers
    outroot, drivers, sources, shims = sys.argv[1:5]
    names = sys.argv[5:] or sorted(os.listdir(drivers))
    procs = []
    for name in names:
        fields = open(os.path.join(drivers, name, "source.txt")).read().split()
        sub = fields[2] if len(fields) > 2 else "."
        path = [os.path.abspath(os.path.join(sources, name, sub))]
        if len(fields) > 3: path.append(os.path.abspath(os.path.join(shims, fields[3])))
        o = os.path.join(outroot, name); os.makedirs(os.path.join(o, "trace"), exist_ok=True)
        driver = os.path.abspath(os.path.join(drivers, name, "driver.py"))
        base = {k: v for k, v in os.environ.items() if k != "TORCH_TRACE"}
        base["PYTHONPATH"] = os.pathsep.join(path + [base.get("PYTHONPATH", "")])
        base["PYTHONUNBUFFERED"] = "1"
        f1 = open(os.path.join(o, "stdout.txt"), "w"); f2 = open(os.path.join(o, "explain_stdout.txt"), "w")
        procs.append((name,
                      subprocess.Popen([sys.executable, "-c", CHILD, driver, o, "trace"], cwd=path[0],
                                       env=dict(base, TORCH_TRACE=os.path.join(o, "trace")), stdout=f1, stderr=subprocess.STDOUT),
                      subprocess.Popen([sys.executable, "-c", CHILD, driver, o, "explain"], cwd=path[0], env=base,
                                       stdout=f2, stderr=subprocess.STDOUT)))
    for name, a, b in procs:
        print(name, "trace rc", a.wait(timeout=500), "explain rc", b.wait(timeout=500), flush=True)
