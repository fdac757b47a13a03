"""The timm population on the device: which models, our driver for each, and real torch's truth on it.
Rule: for every module of timm.models that registers models, the registered model with the fewest parameters
(counted on the 'meta' device with num_classes=10; ties and modules where none builds on meta: first by name).
Each model's driver (our code, written here) builds it with pretrained=False, num_classes=10, compiles it with
backend="eager" and calls it under no_grad twice, batch 2 then batch 3, at its pretrained_cfg input_size. The
truth per model is scripts/device/public_models.py's (its CHILD): OUT/runs/<model>/trace/ + truth.json (the whole
driver) and explain.json (torch._dynamo.explain on the first call). OUT/selection.json: every module, its
candidates' parameter counts (or why one did not build on meta) and the model chosen.
Usage: python timm_population.py OUT [--deadline SECONDS]   (timm and torch from the running interpreter)"""
import json, multiprocessing, os, sys, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from public_models import run_drivers  # noqa: E402

DRIVER = '''# tparse timm population driver (our code): {name}, the smallest model of timm.models.{module}.
import timm
import torch
torch.manual_seed(0)
m = timm.create_model("{name}", pretrained=False, num_classes=10).eval()
cm = torch.compile(m, backend="eager")
with torch.no_grad():
    cm(torch.randn(2, {shape}))
    cm(torch.randn(3, {shape}))
'''


def driver(name, module, input_size):
    return DRIVER.format(name=name, module=module, shape=", ".join(str(int(x)) for x in input_size))


def count(name):
    import timm, torch
    try:
        with torch.device("meta"):
            m = timm.create_model(name, pretrained=False, num_classes=10)
        n = sum(p.numel() for p in m.parameters())
        cfg = getattr(m, "pretrained_cfg", None) or {}
        return name, n, list(cfg.get("input_size", (3, 224, 224))), None
    except Exception as e:  # noqa: BLE001
        return name, None, None, f"{type(e).__name__}: {e}"[:300]


def select(out, budget):
    import timm
    from timm.models import _registry
    names = sorted(timm.list_models())
    modules = {}
    for n in names:
        modules.setdefault(_registry._model_to_module.get(n, "?"), []).append(n)
    counted = {}
    t0 = time.time()
    with multiprocessing.get_context("spawn").Pool(16) as pool:
        pending = [pool.apply_async(count, (n,)) for n in names]
        for a in pending:
            try:
                r = a.get(timeout=max(0.01, budget - (time.time() - t0)))
            except multiprocessing.TimeoutError:
                continue
            counted[r[0]] = r
        pool.terminate()
    sel = {}
    for mod, ms in sorted(modules.items()):
        ok = [counted[n] for n in ms if n in counted and counted[n][1] is not None]
        if ok:
            best = min(ok, key=lambda r: (r[1], r[0]))
            sel[mod] = {"model": best[0], "params": best[1], "input_size": best[2], "rule": "fewest parameters"}
        else:
            sel[mod] = {"model": ms[0], "params": None, "input_size": None, "rule": "first by name (none counted on meta)"}
        sel[mod]["candidates"] = {n: (counted[n][1] if counted[n][1] is not None else counted[n][3]) if n in counted else "not counted in time"
                                  for n in ms}
    for mod, s in sel.items():
        if s["input_size"] is None:
            from timm.models import get_pretrained_cfg
            cfg = get_pretrained_cfg(s["model"])
            s["input_size"] = list(getattr(cfg, "input_size", None) or (3, 224, 224))
    json.dump({"timm_version": timm.__version__, "count_seconds": round(time.time() - t0, 1), "modules": sel},
              open(os.path.join(out, "selection.json"), "w"), indent=1)
    return sel


def truth(out, sel, deadline):
    run_drivers(out, {s["model"]: driver(s["model"], mod, s["input_size"]) for mod, s in sel.items()}, deadline)


if __name__ == "__main__":
    out = sys.argv[1]
    total = float(sys.argv[sys.argv.index("--deadline") + 1]) if "--deadline" in sys.argv else 500
    start = time.time()
    os.makedirs(out, exist_ok=True)
    sel = select(out, budget=min(150, total / 3))
    print(len(sel), "modules selected in", round(time.time() - start), "s", flush=True)
    truth(out, sel, deadline=start + total)
    print("truth done in", round(time.time() - start), "s", flush=True)
