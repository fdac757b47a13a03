"""The torchvision population on the device: every model torchvision.models registers (classification, semantic
segmentation, detection, video, optical flow; the quantized builders are left out: they need a quantization backend
and are not torch.compile's audience), our driver for each, and real torch's truth on it.
Each driver (our code, written here) builds the model with get_model(name, weights=None, num_classes=10) (detection and
segmentation also weights_backbone=None; raft takes no num_classes), compiles it with backend="eager" and calls it under no_grad
twice, batch 2 then batch 3, on the input its family takes: images (N, 3, 224, 224) for classification and
segmentation, a list of N images (3, 224, 224) for detection, clips (N, 3, 16, S, S) for video with S the crop size of
the builder's default weights (read from the weights enum, nothing downloaded), two images (N, 3, 128, 128) for
optical flow. The truth per model is scripts/device/public_models.py's (its CHILD): OUT/runs/<model>/trace/ +
truth.json (the whole driver) and explain.json (torch._dynamo.explain on the first call). OUT/selection.json: every
model, its family, parameter count (on meta) and input.
Usage: python torchvision_population.py OUT [--deadline SECONDS] [--only a,b]"""
import json, os, sys, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from public_models import run_drivers  # noqa: E402

HEAD = '''# tparse torchvision population driver (our code): {name} ({family}).
import torch
import torchvision
torch.manual_seed(0)
m = torchvision.models.get_model("{name}", {kwargs}).eval()
cm = torch.compile(m, backend="eager")
with torch.no_grad():
'''
CALLS = {
    "classification": "    cm(torch.randn(2, 3, 224, 224))\n    cm(torch.randn(3, 3, 224, 224))\n",
    "segmentation": "    cm(torch.randn(2, 3, 224, 224))\n    cm(torch.randn(3, 3, 224, 224))\n",
    "detection": "    cm([torch.rand(3, 224, 224) for _ in range(2)])\n    cm([torch.rand(3, 224, 224) for _ in range(3)])\n",
    "video": "    cm(torch.randn(2, 3, 16, {s}, {s}))\n    cm(torch.randn(3, 3, 16, {s}, {s}))\n",
    "optical_flow": "    cm(torch.randn(2, 3, 128, 128), torch.randn(2, 3, 128, 128))\n"
                    "    cm(torch.randn(3, 3, 128, 128), torch.randn(3, 3, 128, 128))\n",
}


def population():
    import torch, torchvision
    from torchvision import models
    fam = {}
    for family, mod in (("segmentation", models.segmentation), ("detection", models.detection), ("video", models.video),
                        ("optical_flow", models.optical_flow)):
        for n in models.list_models(module=mod):
            fam[n] = family
    quant = set(models.list_models(module=models.quantization))
    sel = {}
    for n in sorted(models.list_models()):
        if n in quant:
            continue
        family = fam.get(n, "classification")
        kwargs = {"weights": None}
        if family in ("detection", "segmentation"):
            kwargs["weights_backbone"] = None  # no download: the builders default to ImageNet backbone weights
        if family != "optical_flow":
            kwargs["num_classes"] = 10
        size = None
        if family == "video":
            size = int(models.get_model_weights(n).DEFAULT.transforms().crop_size[0])
        try:
            with torch.device("meta"):
                params = sum(p.numel() for p in models.get_model(n, **kwargs).parameters())
        except Exception as e:  # noqa: BLE001
            params = f"{type(e).__name__}: {e}"[:200]
        sel[n] = {"family": family, "kwargs": kwargs, "crop": size, "params": params}
    return torchvision.__version__, sel


def driver(name, s):
    kw = ", ".join(f"{k}={v!r}" for k, v in s["kwargs"].items())
    return HEAD.format(name=name, family=s["family"], kwargs=kw) + CALLS[s["family"]].format(s=s["crop"])


def truth(out, sel, deadline):
    # the cheapest first, so that a deadline leaves out the largest models
    order = sorted(sel, key=lambda n: (sel[n]["params"] if isinstance(sel[n]["params"], int) else 1 << 62, n))
    run_drivers(out, {name: driver(name, sel[name]) for name in order}, deadline)


if __name__ == "__main__":
    out = sys.argv[1]
    total = float(sys.argv[sys.argv.index("--deadline") + 1]) if "--deadline" in sys.argv else 500
    start = time.time()
    os.makedirs(out, exist_ok=True)
    version, sel = population()
    if "--only" in sys.argv:
        keep = set(sys.argv[sys.argv.index("--only") + 1].split(","))
        sel = {n: s for n, s in sel.items() if n in keep}
    json.dump({"torchvision_version": version, "models": sel}, open(os.path.join(out, "selection.json"), "w"), indent=1)
    print(len(sel), "models in", round(time.time() - start), "s", flush=True)
    truth(out, sel, deadline=start + total)
    print("truth done in", round(time.time() - start), "s", flush=True)
