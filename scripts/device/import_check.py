# Tries each import named on the command line under the real Python and prints `name -> ok` or `name -> MNF <message>`
# (the truth of testdata/python-truth/installed_modules_check.txt, run on the device).
import importlib, sys
cands = sys.argv[1:]
for c in cands:
    try:
        importlib.import_module(c); r = "ok"
    except ModuleNotFoundError as e: r = "MNF " + str(e)
    except Exception as e: r = type(e).__name__ + " " + str(e)[:80]
    print(c, "->", r)
