# Ground truth for tparse's model of torch's CPU generator: bit patterns of random factories' values and the state
# after module construction / init functions (the next torch.rand(1) reveals how many 32-bit draws were consumed).
import json, struct, sys
import torch
import torch.nn as nn
import torch.nn.functional as F

def bits(t):
    t = t.detach().contiguous().view(-1)
    if t.dtype == torch.float32:
        return [struct.unpack('<I', struct.pack('<f', float(x)))[0] for x in t.tolist()]
    if t.dtype == torch.float64:
        return [struct.unpack('<Q', struct.pack('<d', float(x)))[0] for x in t.tolist()]
    return [int(x) for x in t.tolist()]

out = {"cpu_capability": torch.backends.cpu.get_cpu_capability(), "initial_seed": torch.initial_seed()}
cases = {
    "rand5": lambda: torch.rand(5),
    "rand20": lambda: torch.rand(20),
    "rand_2x3": lambda: torch.rand(2, 3),
    "rand_f64_3": lambda: torch.rand(3, dtype=torch.float64),
    "randn1": lambda: torch.randn(1),
    "randn5": lambda: torch.randn(5),
    "randn15": lambda: torch.randn(15),
    "randn16": lambda: torch.randn(16),
    "randn20": lambda: torch.randn(20),
    "randn50x2": lambda: torch.randn(50, 2),
    "randn_f64_4": lambda: torch.randn(4, dtype=torch.float64),
    "randn_f64_40": lambda: torch.randn(40, dtype=torch.float64),
    "randint8": lambda: torch.randint(0, 10, (8,)),
    "randint_big": lambda: torch.randint(0, 2 ** 40, (3,)),
    "randint_neg": lambda: torch.randint(-5, 5, (6,)),
    "randint_i32": lambda: torch.randint(0, 7, (5,), dtype=torch.int32),
    "randperm10": lambda: torch.randperm(10),
    "randperm40": lambda: torch.randperm(40),
    "normal_fn": lambda: torch.normal(2.0, 3.0, size=(5,)),
    "uniform_": lambda: torch.empty(6).uniform_(-2, 3),
    "normal_": lambda: torch.empty(20).normal_(1.0, 0.5),
    "rand_like": lambda: torch.rand_like(torch.zeros(4)),
    "randn_like": lambda: torch.randn_like(torch.zeros(17)),
    "randn_half": lambda: torch.randn(20, dtype=torch.float16),
    "randn_bf16": lambda: torch.randn(5, dtype=torch.bfloat16),
}
for seed in (0, 42, 12345):
    for name, fn in cases.items():
        torch.manual_seed(seed)
        v = fn()
        nxt = torch.rand(1)
        out[f"{seed}/{name}"] = {"dtype": str(v.dtype), "bits": bits(v), "next": bits(nxt)}
# two draws in a row: the cached normal sample of normal_distribution<double>
torch.manual_seed(0)
a = torch.randn(1); b = torch.randn(3); c = torch.randn(1)
out["0/randn_seq"] = {"bits": bits(a) + bits(b) + bits(c), "next": bits(torch.rand(1))}
# no seed at all: the default generator
import subprocess
r = subprocess.run([sys.executable, "-c", "import torch,struct;print([struct.unpack('<I',struct.pack('<f',x))[0] for x in torch.rand(3).tolist()]+[struct.unpack('<I',struct.pack('<f',x))[0] for x in torch.randn(17).tolist()])"], capture_output=True, text=True)
out["noseed"] = r.stdout.strip()
mods = {
    "Linear34": lambda: nn.Linear(3, 4),
    "Linear34_nobias": lambda: nn.Linear(3, 4, bias=False),
    "Conv2d": lambda: nn.Conv2d(2, 3, 3),
    "Conv1d": lambda: nn.Conv1d(2, 3, 3, bias=False),
    "Conv3d": lambda: nn.Conv3d(1, 2, 2),
    "ConvT2d": lambda: nn.ConvTranspose2d(2, 3, 3),
    "ConvT1d": lambda: nn.ConvTranspose1d(4, 2, 3, groups=2),
    "Conv2d_groups": lambda: nn.Conv2d(4, 4, 3, groups=2),
    "Embedding10x4": lambda: nn.Embedding(10, 4),
    "Embedding2x3": lambda: nn.Embedding(2, 3),
    "Embedding_pad": lambda: nn.Embedding(10, 4, padding_idx=0),
    "LayerNorm": lambda: nn.LayerNorm(8),
    "BatchNorm2d": lambda: nn.BatchNorm2d(3),
    "GroupNorm": lambda: nn.GroupNorm(2, 4),
    "RMSNorm": lambda: nn.RMSNorm(8),
    "LSTM": lambda: nn.LSTM(4, 8),
    "LSTM2bi": lambda: nn.LSTM(4, 8, num_layers=2, bidirectional=True, batch_first=True),
    "GRU": lambda: nn.GRU(4, 8),
    "RNN": lambda: nn.RNN(4, 8),
    "MHA": lambda: nn.MultiheadAttention(8, 2),
    "MHA_kv": lambda: nn.MultiheadAttention(8, 2, add_bias_kv=True),
    "TEL": lambda: nn.TransformerEncoderLayer(8, 2, 16),
    "Bilinear": lambda: nn.Bilinear(3, 4, 5),
    "PReLU": lambda: nn.PReLU(),
    "Dropout": lambda: nn.Dropout(0.5),
    "init_kaiming_uniform": lambda: nn.init.kaiming_uniform_(torch.empty(4, 5)),
    "init_kaiming_normal": lambda: nn.init.kaiming_normal_(torch.empty(4, 5)),
    "init_xavier_uniform": lambda: nn.init.xavier_uniform_(torch.empty(4, 5)),
    "init_xavier_normal_small": lambda: nn.init.xavier_normal_(torch.empty(2, 3)),
    "init_normal": lambda: nn.init.normal_(torch.empty(3, 7), std=0.02),
    "init_trunc_normal": lambda: nn.init.trunc_normal_(torch.empty(3, 7), std=0.02),
    "init_orthogonal": lambda: nn.init.orthogonal_(torch.empty(4, 6)),
    "init_uniform": lambda: nn.init.uniform_(torch.empty(9), -0.1, 0.1),
    "init_constant": lambda: nn.init.constant_(torch.empty(9), 0.5),
    "init_eye": lambda: nn.init.eye_(torch.empty(3, 3)),
    "dropout_train": lambda: F.dropout(torch.ones(20), 0.5, training=True),
    "dropout_eval": lambda: F.dropout(torch.ones(20), 0.5, training=False),
    "bernoulli": lambda: torch.bernoulli(torch.full((5,), 0.5)),
    "multinomial": lambda: torch.multinomial(torch.ones(5), 2),
}
for name, fn in mods.items():
    torch.manual_seed(0)
    try:
        m = fn()
        vals = {}
        if isinstance(m, nn.Module):
            for pn, p in m.named_parameters():
                vals[pn] = bits(p)[:40]
        else:
            vals["out"] = bits(m)[:40]
        out["mod/" + name] = {"next": bits(torch.rand(1)), "params": vals}
    except Exception as e:
        out["mod/" + name] = {"error": repr(e)}
# reference: the first 4000 32-bit words of mt19937 seeded 0 as torch's random_() exposes them (int64 path uses random64)
torch.manual_seed(0)
out["seed0_rand_stream"] = bits(torch.rand(400))
import os
os.makedirs(os.environ.get("OUT", "/tmp/out"), exist_ok=True)
json.dump(out, open(os.path.join(os.environ.get("OUT", "/tmp/out"), "rng_truth.json"), "w"))
print("cpu capability", out["cpu_capability"], "initial_seed", out["initial_seed"], "keys", len(out))
