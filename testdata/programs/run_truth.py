# Device-side harness: runs every corpus program under real PyTorch with TORCH_TRACE on and
# records torch._dynamo.utils.counters as truth.json (and every frame Dynamo was handed as frames_seen.json). Usage:
#   python3 run_truth.py OUTDIR            (all programs, in parallel, one process each)
#   python3 run_truth.py OUTDIR CASE...    (only these programs, e.g. try_except_flow)
#   python3 run_truth.py --one PROG OUTDIR (internal: run one program in this process)
import json
import os
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))


def run_one(prog, outdir):
    import runpy
    import traceback
    import torch
    import torch._dynamo.utils as du
    err = None
    # every frame ConvertFrame is handed (what counters["frames"]["total"] counts), as "co_name file:firstlineno"
    seen = []
    orig_call = torch._dynamo.convert_frame.ConvertFrame.__call__

    def counting_call(self, frame, *a, **k):
        c = frame.f_code
        seen.append(f"{c.co_name} {os.path.basename(c.co_filename)}:{c.co_firstlineno}")
        return orig_call(self, frame, *a, **k)

    torch._dynamo.convert_frame.ConvertFrame.__call__ = counting_call
    sys.path.insert(0, os.path.dirname(os.path.abspath(prog)))  # as `python prog.py` does: sibling packages import
    try:
        runpy.run_path(prog, run_name="__main__")
    except Exception:
        err = traceback.format_exc()
    torch._dynamo.convert_frame.ConvertFrame.__call__ = orig_call
    with open(os.path.join(outdir, "frames_seen.json"), "w") as f:
        json.dump(seen, f, indent=0)
    truth = {k: dict(v) for k, v in du.counters.items()}
    truth["torch_version"] = torch.__version__
    truth["device"] = "cpu"
    truth["error"] = err
    with open(os.path.join(outdir, "truth.json"), "w") as f:
        json.dump(truth, f, indent=1, sort_keys=True)


def launch(prog, out):
    case = os.path.basename(prog)[:-3]
    cdir = os.path.join(out, case)
    os.makedirs(os.path.join(cdir, "trace"), exist_ok=True)
    env = dict(os.environ)
    env["TORCH_TRACE"] = os.path.join(cdir, "trace")
    env["TORCHINDUCTOR_CACHE_DIR"] = tempfile.mkdtemp(prefix="ind_" + case)
    env["PYTHONUNBUFFERED"] = "1"
    r = subprocess.run([sys.executable, __file__, "--one", prog, cdir], env=env,
                       capture_output=True, text=True, timeout=500)
    with open(os.path.join(cdir, "stdout.txt"), "w") as f:
        f.write(r.stdout[-20000:])
        f.write("\n--- stderr ---\n")
        f.write(r.stderr[-20000:])
    return case, r.returncode


def main():
    if sys.argv[1] == "--one":
        run_one(sys.argv[2], sys.argv[3])
        return
    out = sys.argv[1]
    progs = sorted(os.path.join(HERE, p) for p in os.listdir(HERE)
                   if p.endswith(".py") and p != "run_truth.py")
    if len(sys.argv) > 2:
        progs = [os.path.join(HERE, c + ".py") for c in sys.argv[2:]]
    with ThreadPoolExecutor(max_workers=8) as ex:
        for case, rc in ex.map(lambda p: launch(p, out), progs):
            print(case, rc, flush=True)


if __name__ == "__main__":
    main()
