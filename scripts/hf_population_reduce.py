#!/usr/bin/env python3
"""Reduce the device output of scripts/device/hf_population.py into testdata/hf-population/<type>/.

For each DIR/<type>/: truth.json (torch's counters, config used) and explain.json are copied with a
"driver" field added. A type without truth.json gets {"model_type", "built": false, "error", "driver"}:
the last exception line of its stdout.txt, or, when the run printed none, that it did not finish within
the driver's time limit. Traces are never copied (they are large; the population table reads them from DIR).
usage: hf_population_reduce.py DIR [--out testdata/hf-population] [--driver NAME] [--done DIR/done.txt]"""
import argparse, json, os, re

EXC = re.compile(r"^([A-Za-z_][\w.]*(Error|Exception|Interrupt|Exit)|torch\._dynamo\.exc\.\w+)\b.*")

def last_exception(path):
    try:
        lines = open(path, errors="replace").read().splitlines()
    except OSError:
        return None
    for line in reversed(lines):
        if EXC.match(line.strip()):
            return line.strip()[:400]
    return None

def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser()
    ap.add_argument("dir")
    ap.add_argument("--out", default=os.path.join(here, "..", "testdata", "hf-population"))
    ap.add_argument("--driver", default="scripts/device/hf_population.py")
    a = ap.parse_args()
    status = {}
    done = os.path.join(a.dir, "done.txt")
    if os.path.exists(done):
        for line in open(done):
            f = line.split()
            if len(f) >= 2: status[f[0]] = " ".join(f[1:])
    n = {"ok": 0, "not built": 0, "not run": 0}
    for t in sorted(os.listdir(a.dir)):
        d = os.path.join(a.dir, t)
        if not os.path.isdir(d): continue
        if status.get(t, "").startswith("NOTRUN"):
            n["not run"] += 1; continue
        o = os.path.join(a.out, t); os.makedirs(o, exist_ok=True)
        tr = os.path.join(d, "truth.json")
        if os.path.exists(tr):
            j = json.load(open(tr)); j["driver"] = a.driver
            json.dump(j, open(os.path.join(o, "truth.json"), "w"), indent=1)
            ex = os.path.join(d, "explain.json")
            if os.path.exists(ex):
                json.dump(json.load(open(ex)), open(os.path.join(o, "explain.json"), "w"), indent=1)
            n["ok"] += 1
        else:
            err = last_exception(os.path.join(d, "stdout.txt"))
            rc = status.get(t, "").split()[:1]
            if err is None:
                err = ("killed at the driver's time limit (rc -9) before truth.json was written" if rc == ["-9"]
                       else "no truth.json and no exception in stdout.txt (the run did not finish)")
            json.dump({"model_type": t, "built": False, "error": err, "driver": a.driver},
                      open(os.path.join(o, "truth.json"), "w"), indent=1)
            n["not built"] += 1
    print(f"{n['ok']} with truth, {n['not built']} without (error recorded), {n['not run']} not run")

if __name__ == "__main__":
    main()
