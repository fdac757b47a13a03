# Device-side check that `tparse fix` patches do not change what a model computes (docs/fix.md).
# For each case (an original script and its patched copy) it runs four processes: original and
# patched, each eager (torch.compile replaced by the identity) and compiled (real torch.compile,
# the scripts' backend="eager"), records every compiled-call output and torch._dynamo counters,
# then compares outputs with torch.allclose. Usage:
#   python fix_semantics.py MANIFEST.json OUTDIR        manifest: [{"name", "orig", "patched"}]
#   python fix_semantics.py --one MODE SCRIPT OUTFILE   (internal: one run)
#   FIX_SEMANTICS_REINIT=1: re-initialize a compiled module's float parameters from seed 0 first
#   (for scripts that build models from uninitialized memory, as ChatGLM3's skip_init does)
import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor


def flat(o, acc):
    import torch
    if isinstance(o, torch.Tensor):
        acc.append(o.detach().cpu())
    elif isinstance(o, dict):
        for v in o.values():
            flat(v, acc)
    elif isinstance(o, (list, tuple)):
        for v in o:
            flat(v, acc)
    elif o is not None and hasattr(o, "to_tuple"):
        flat(o.to_tuple(), acc)
    return acc


def run_one(mode, script, outfile):
    import runpy
    import traceback
    import torch
    import torch._dynamo.utils as du
    torch.set_num_threads(2)
    outs = []
    real_compile = torch.compile

    def reinit(module):
        # FIX_SEMANTICS_REINIT=1: deterministic weights for models built with uninitialized memory
        # (ChatGLM3's skip_init / torch.empty), so two processes compute the same thing.
        g = torch.Generator().manual_seed(0)
        with torch.no_grad():
            for _, p in sorted(module.named_parameters(), key=lambda kv: kv[0]):
                if p.is_floating_point():
                    r = torch.randn(p.shape, generator=g, dtype=torch.float32) * 0.02
                    p.copy_((1 + r) if p.dim() == 1 else r)

    def fake_compile(fn=None, **kw):
        if fn is None:
            return lambda f: fake_compile(f, **kw)
        if os.environ.get("FIX_SEMANTICS_REINIT") == "1" and isinstance(fn, torch.nn.Module):
            reinit(fn)
        target = fn if mode == "eager" else real_compile(fn, **kw)

        def wrapper(*a, **k):
            r = target(*a, **k)
            outs.append(flat(r, []))
            return r
        return wrapper

    torch.compile = fake_compile
    torch.manual_seed(0)
    sys.path.insert(0, os.path.dirname(os.path.abspath(script)))
    sys.argv = [script]
    err = None
    try:
        runpy.run_path(script, run_name="__main__")
    except BaseException:
        err = traceback.format_exc()[-3000:]
    counters = {k: dict(v) for k, v in du.counters.items()}
    torch.save({"outs": outs, "counters": counters, "error": err}, outfile)


def summarize(counters):
    gb = sum(counters.get("graph_break", {}).values())
    un = sum(counters.get("unimplemented", {}).values())
    return {"graphs": counters.get("stats", {}).get("unique_graphs", 0), "graph_break": gb, "unimplemented": un,
            "frames_total": counters.get("frames", {}).get("total", 0), "frames_ok": counters.get("frames", {}).get("ok", 0)}


def compare(a, b):
    import torch
    if len(a) != len(b):
        return False, f"{len(a)} vs {len(b)} calls"
    for i, (x, y) in enumerate(zip(a, b)):
        if len(x) != len(y):
            return False, f"call {i}: {len(x)} vs {len(y)} tensors"
        for j, (s, t) in enumerate(zip(x, y)):
            if s.shape != t.shape or s.dtype != t.dtype:
                return False, f"call {i} tensor {j}: {tuple(s.shape)}/{s.dtype} vs {tuple(t.shape)}/{t.dtype}"
            if not torch.allclose(s.double(), t.double(), rtol=1e-5, atol=1e-6, equal_nan=True):
                return False, f"call {i} tensor {j}: values differ (max abs {float((s.double() - t.double()).abs().max()):.3g})"
    return True, f"{len(a)} calls, {sum(len(x) for x in a)} tensors"


def main():
    if sys.argv[1] == "--one":
        run_one(sys.argv[2], sys.argv[3], sys.argv[4])
        return
    manifest = json.load(open(sys.argv[1]))
    out = sys.argv[2]
    os.makedirs(out, exist_ok=True)
    jobs = []
    for c in manifest:
        for which in ("orig", "patched"):
            for mode in ("eager", "compiled"):
                jobs.append((c["name"], which, mode, c[which]))

    def launch(j):
        name, which, mode, script = j
        f = os.path.join(out, f"{name}.{which}.{mode}.pt")
        env = dict(os.environ, PYTHONUNBUFFERED="1")
        r = subprocess.run([sys.executable, __file__, "--one", mode, script, f], env=env,
                           capture_output=True, text=True, timeout=400)
        return j, f, r.returncode, r.stderr[-2000:]

    results = {}
    with ThreadPoolExecutor(max_workers=12) as ex:
        for (name, which, mode, _), f, rc, err in ex.map(launch, jobs):
            results[(name, which, mode)] = (f, rc, err)
            print(name, which, mode, rc, flush=True)
    import torch
    table = []
    for c in manifest:
        name = c["name"]
        row = {"name": name}
        data = {}
        for which in ("orig", "patched"):
            for mode in ("eager", "compiled"):
                f, rc, err = results[(name, which, mode)]
                try:
                    data[(which, mode)] = torch.load(f, weights_only=False)
                except Exception as e:
                    data[(which, mode)] = {"outs": [], "counters": {}, "error": f"rc {rc}: {err or e}"}
        for k, d in data.items():
            if d["error"]:
                row[f"error_{k[0]}_{k[1]}"] = d["error"][-800:]
        row["orig_counts"] = summarize(data[("orig", "compiled")]["counters"])
        row["patched_counts"] = summarize(data[("patched", "compiled")]["counters"])
        row["patched_counters"] = data[("patched", "compiled")]["counters"]
        for label, x, y in (("eager", ("orig", "eager"), ("patched", "eager")),
                            ("compiled", ("orig", "compiled"), ("patched", "compiled")),
                            ("patched_compiled_vs_orig_eager", ("orig", "eager"), ("patched", "compiled"))):
            ok, why = compare(data[x]["outs"], data[y]["outs"])
            row[f"equal_{label}"] = ok
            row[f"detail_{label}"] = why
        table.append(row)
    with open(os.path.join(out, "semantics.json"), "w") as f:
        json.dump(table, f, indent=1, sort_keys=True, default=str)
    for r in table:
        print(f"{r['name']:36} orig {r['orig_counts']['graphs']}g/{r['orig_counts']['graph_break'] + r['orig_counts']['unimplemented']}b"
              f" patched {r['patched_counts']['graphs']}g/{r['patched_counts']['graph_break'] + r['patched_counts']['unimplemented']}b"
              f" eager={r['equal_eager']} compiled={r['equal_compiled']} cross={r['equal_patched_compiled_vs_orig_eager']}"
              f" {r['detail_compiled']}", flush=True)


if __name__ == "__main__":
    main()
