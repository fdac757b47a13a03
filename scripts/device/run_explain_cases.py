# Device harness: for each case program (module with build() -> (fn, calls)), a TORCH_TRACE of all
# calls under torch.compile(backend="eager") with torch's counters (truth.json, plus the counters after
# each call), and torch._dynamo.explain on the first call (explain.json / explain.txt), each in a
# fresh process. Usage: python run_cases.py OUT PROG.py...
import json, os, subprocess, sys
CHILD = r'''
import importlib.util, json, os, sys, torch
from torch._dynamo.utils import counters
prog, out, mode = sys.argv[1], sys.argv[2], sys.argv[3]
spec = importlib.util.spec_from_file_location("case", prog); mod = importlib.util.module_from_spec(spec); spec.loader.exec_module(mod)
fn, calls = mod.build()
with torch.no_grad():
    if mode == "trace":
        cf = torch.compile(fn, backend="eager")
        per_call = []
        for args in calls:
            cf(*args)
            per_call.append({"unique_graphs": counters["stats"]["unique_graphs"], "frames_total": counters["frames"]["total"]})
        o = {k: dict(v) for k, v in counters.items()}
        o["per_call"] = per_call; o["torch_version"] = torch.__version__; o["device"] = "cpu"
        json.dump(o, open(os.path.join(out, "truth.json"), "w"), indent=1, default=str)
    else:
        ex = torch._dynamo.explain(fn)(*calls[0])
        j = {"graph_count": ex.graph_count, "graph_break_count": ex.graph_break_count, "op_count": ex.op_count,
             "break_reasons": [{"reason": br.reason, "user_stack": [f"{fs.filename}:{fs.lineno} in {fs.name}" for fs in br.user_stack]} for br in ex.break_reasons],
             "ops_per_graph": [[str(o) for o in ops] for ops in (ex.ops_per_graph or [])],
             "out_guards_count": len(ex.out_guards or [])}
        json.dump(j, open(os.path.join(out, "explain.json"), "w"), indent=1)
        open(os.path.join(out, "explain.txt"), "w").write(str(ex))
'''
outroot = sys.argv[1]
procs = []
for prog in sys.argv[2:]:
    case = os.path.basename(prog)[:-3]
    o = os.path.join(outroot, case); os.makedirs(os.path.join(o, "trace"), exist_ok=True)
    env = dict(os.environ, TORCH_TRACE=os.path.join(o, "trace"), PYTHONUNBUFFERED="1")
    f1 = open(os.path.join(o, "stdout.txt"), "w")
    env2 = {k: v for k, v in os.environ.items() if k != "TORCH_TRACE"}
    f2 = open(os.path.join(o, "explain_stdout.txt"), "w")
    procs.append((case, subprocess.Popen([sys.executable, "-c", CHILD, prog, o, "trace"], env=env, stdout=f1, stderr=subprocess.STDOUT),
                  subprocess.Popen([sys.executable, "-c", CHILD, prog, o, "explain"], env=env2, stdout=f2, stderr=subprocess.STDOUT)))
for case, a, b in procs:
    print(case, a.wait(timeout=400), b.wait(timeout=400), flush=True)
