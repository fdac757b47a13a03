# Device-side harness for the corpus: runs every corpus program (or the named ones) under real PyTorch with
# TORCH_TRACE on, through scripts/device/program_truth.py (the one harness for corpus programs and scouting case
# folders): OUTDIR/CASE/{trace/, truth.json (counters, "error": the traceback or null), frames_seen.json, stdout.txt}.
# Usage (from a checkout, scripts/device beside testdata):
#   python3 run_truth.py OUTDIR            (all programs, 8 at once, one process each)
#   python3 run_truth.py OUTDIR CASE...    (only these programs, e.g. try_except_flow)
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "scripts", "device"))
import program_truth  # noqa: E402


def main():
    out = sys.argv[1]
    names = sys.argv[2:] or sorted(p[:-3] for p in os.listdir(HERE) if p.endswith(".py") and p != "run_truth.py")
    os.environ.setdefault("JOBS", "8")
    program_truth.run_all(out, [os.path.join(HERE, n + ".py") for n in names])


if __name__ == "__main__":
    main()
