# More ground truth for tparse's model of torch's CPU generator (scripts/device/rng_truth.py has the first): long
# randn fills (4096 float32 values, five seeds: every fused multiply-add of the AVX2 kernel shows in some last bit),
# the initial seed of two fresh processes, and the draws of more layers.
import json, os, struct, subprocess, sys
import torch
import torch.nn as nn

def bits(t):
    t = t.detach().contiguous().view(-1)
    return [struct.unpack('<I', struct.pack('<f', float(x)))[0] for x in t.tolist()]

out = {"cpu_capability": torch.backends.cpu.get_cpu_capability()}
for seed in range(5):
    torch.manual_seed(seed)
    out[f"randn4096/{seed}"] = bits(torch.randn(4096))
    torch.manual_seed(seed)
    out[f"normal_4099/{seed}"] = bits(torch.empty(4099).normal_(-1.5, 2.5))
out["initial_seeds"] = [int(subprocess.run([sys.executable, "-c", "import torch; print(torch.initial_seed())"],
                                           capture_output=True, text=True).stdout.strip()) for _ in range(2)]
mods = {
    "LSTMCell": lambda: nn.LSTMCell(4, 8), "GRUCell": lambda: nn.GRUCell(4, 8), "RNNCell": lambda: nn.RNNCell(4, 8),
    "InstanceNorm2d_affine": lambda: nn.InstanceNorm2d(3, affine=True), "BatchNorm1d": lambda: nn.BatchNorm1d(5),
    "TDL": lambda: nn.TransformerDecoderLayer(8, 2, 16), "Conv2d_reflect": lambda: nn.Conv2d(2, 3, 3, padding=1, padding_mode="reflect"),
    "Embedding_odd": lambda: nn.Embedding(3, 5), "Seq": lambda: nn.Sequential(nn.Linear(3, 5), nn.ReLU(), nn.Embedding(3, 5), nn.Linear(5, 2)),
}
for name, fn in mods.items():
    torch.manual_seed(0)
    fn()
    out["mod/" + name] = bits(torch.rand(1))
os.makedirs(os.environ.get("OUT", "/tmp/out"), exist_ok=True)
json.dump(out, open(os.path.join(os.environ.get("OUT", "/tmp/out"), "rng_truth_more.json"), "w"))
print("ok", out["cpu_capability"], out["initial_seeds"])
