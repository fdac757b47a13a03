# Device harness for whole programs (a case folder holding run.py and the model files it imports, or a single
# program .py): runs each under the real Python in a fresh process, in its own folder, with TORCH_TRACE set, and
# writes OUT/CASE/{trace/, truth.json, frames_seen.json, stdout.txt}: torch's counters at the end of the run (and
# the error that ended it, if any), every frame ConvertFrame was handed ("co_name file:firstlineno", what
# counters["frames"]["total"] counts) and the program's output. Several cases run at once (JOBS, default 4).
# Usage: /opt/torch/.venv/bin/python program_truth.py OUT CASE_DIR_OR_PY...   (TRUTH_TIMEOUT seconds per case, 400)
import json, os, subprocess, sys, time
from concurrent.futures import ThreadPoolExecutor

CHILD = r'''
import json, os, runpy, sys, traceback
import torch, torch._dynamo
from torch._dynamo.utils import counters
prog, out = sys.argv[1], sys.argv[2]
seen = []
orig = torch._dynamo.convert_frame.ConvertFrame.__call__
def counting_call(self, frame, *a, **k):
    c = frame.f_code
    seen.append(f"{c.co_name} {os.path.basename(c.co_filename)}:{c.co_firstlineno}")
    return orig(self, frame, *a, **k)
torch._dynamo.convert_frame.ConvertFrame.__call__ = counting_call
err = None
sys.argv = [prog]
sys.path.insert(0, os.path.dirname(os.path.abspath(prog)))
try:
    runpy.run_path(prog, run_name="__main__")
except SystemExit as e:
    if e.code not in (None, 0):
        err = f"SystemExit: {e.code}"
except BaseException as e:
    traceback.print_exc()
    err = f"{type(e).__name__}: {str(e)[:500]}"
o = {k: dict(v) for k, v in counters.items()}
o["error"] = err; o["torch_version"] = torch.__version__; o["device"] = "cpu"
json.dump(o, open(os.path.join(out, "truth.json"), "w"), indent=1, sort_keys=True, default=str)
json.dump(seen, open(os.path.join(out, "frames_seen.json"), "w"), indent=0)
'''


def run_case(outroot, path):
    prog = os.path.join(path, "run.py") if os.path.isdir(path) else path
    case = os.path.basename(os.path.normpath(path)).removesuffix(".py")
    o = os.path.abspath(os.path.join(outroot, case))
    os.makedirs(os.path.join(o, "trace"), exist_ok=True)
    env = dict(os.environ, TORCH_TRACE=os.path.join(o, "trace"), PYTHONUNBUFFERED="1", CUDA_VISIBLE_DEVICES="")
    t0 = time.time()
    with open(os.path.join(o, "stdout.txt"), "w") as f:
        try:
            rc = subprocess.run([sys.executable, "-c", CHILD, os.path.abspath(prog), o], cwd=os.path.dirname(os.path.abspath(prog)),
                                env=env, stdout=f, stderr=subprocess.STDOUT, timeout=int(os.environ.get("TRUTH_TIMEOUT", "400"))).returncode
        except subprocess.TimeoutExpired:
            rc = "timeout"
    return f"{case} rc={rc} {time.time() - t0:.0f}s"


if __name__ == "__main__":
    outroot = sys.argv[1]
    with ThreadPoolExecutor(int(os.environ.get("JOBS", "4"))) as ex:
        for line in ex.map(lambda p: run_case(outroot, p), sys.argv[2:]):
            print(line, flush=True)
