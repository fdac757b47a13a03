# Device harness for whole programs, the one the corpus uses too (testdata/programs/run_truth.py calls it): runs a
# program (a .py, or a case folder holding run.py and the model files it imports) under the real Python in a fresh
# process, in its own folder, with TORCH_TRACE set, and writes OUT/CASE/{trace/, truth.json, frames_seen.json,
# stdout.txt}: torch's counters at the end of the run with the traceback that ended it ("error", null when none), every
# frame ConvertFrame was handed ("co_name file:firstlineno": what counters["frames"]["total"] counts) and the output.
# Usage: /opt/torch/.venv/bin/python program_truth.py OUT CASE_DIR_OR_PY...   (JOBS at once, default 4; TRUTH_TIMEOUT
# seconds per case, default 500)
import json, os, subprocess, sys, tempfile, time
from concurrent.futures import ThreadPoolExecutor


def run_one(prog, outdir):
    """In this process: the program under the counting hook, then truth.json and frames_seen.json."""
    import runpy
    import traceback
    import torch
    import torch._dynamo.utils as du
    err = None
    seen = []
    orig_call = torch._dynamo.convert_frame.ConvertFrame.__call__

    def counting_call(self, frame, *a, **k):
        c = frame.f_code
        seen.append(f"{c.co_name} {os.path.basename(c.co_filename)}:{c.co_firstlineno}")
        return orig_call(self, frame, *a, **k)

    torch._dynamo.convert_frame.ConvertFrame.__call__ = counting_call
    sys.argv = [prog]
    sys.path.insert(0, os.path.dirname(os.path.abspath(prog)))  # as `python prog.py` does: sibling packages import
    try:
        runpy.run_path(prog, run_name="__main__")
    except SystemExit as e:
        if e.code not in (None, 0):
            err = f"SystemExit: {e.code}"
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
        json.dump(truth, f, indent=1, sort_keys=True, default=str)


def run_case(outroot, path):
    """A fresh process for one case: OUT/CASE from run_one, its output in stdout.txt (stderr after it)."""
    prog = os.path.abspath(os.path.join(path, "run.py") if os.path.isdir(path) else path)
    case = os.path.basename(os.path.normpath(path)).removesuffix(".py")
    cdir = os.path.abspath(os.path.join(outroot, case))
    os.makedirs(os.path.join(cdir, "trace"), exist_ok=True)
    env = dict(os.environ, TORCH_TRACE=os.path.join(cdir, "trace"), PYTHONUNBUFFERED="1", CUDA_VISIBLE_DEVICES="",
               TORCHINDUCTOR_CACHE_DIR=tempfile.mkdtemp(prefix="ind_" + case))
    t0 = time.time()
    try:
        r = subprocess.run([sys.executable, os.path.abspath(__file__), "--one", prog, cdir], cwd=os.path.dirname(prog),
                           env=env, capture_output=True, text=True, timeout=int(os.environ.get("TRUTH_TIMEOUT", "500")))
        rc, out, errs = r.returncode, r.stdout, r.stderr
    except subprocess.TimeoutExpired as e:
        rc, out, errs = "timeout", e.stdout or "", e.stderr or ""
        out, errs = (x.decode() if isinstance(x, bytes) else x for x in (out, errs))
    with open(os.path.join(cdir, "stdout.txt"), "w") as f:
        f.write(out[-20000:])
        f.write("\n--- stderr ---\n")
        f.write(errs[-20000:])
    return f"{case} rc={rc} {time.time() - t0:.0f}s"


def run_all(outroot, paths):
    with ThreadPoolExecutor(int(os.environ.get("JOBS", "4"))) as ex:
        for line in ex.map(lambda p: run_case(outroot, p), paths):
            print(line, flush=True)


if __name__ == "__main__":
    if sys.argv[1] == "--one":
        run_one(sys.argv[2], sys.argv[3])
    else:
        run_all(sys.argv[1], sys.argv[2:])
