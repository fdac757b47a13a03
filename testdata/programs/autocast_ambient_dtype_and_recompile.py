# a compiled module called under an outer torch.autocast(cpu, bf16) traces linear as bf16, and a later call without autocast recompiles (autocast is part of the global-state guard) (from build-nanogpt train_gpt2.py)
import torch
from torch import nn
torch.manual_seed(0)
m = nn.Sequential(nn.Linear(8, 16), nn.GELU(), nn.Linear(16, 4))
f = torch.compile(m, backend="eager")
with torch.autocast(device_type="cpu", dtype=torch.bfloat16):
    print(f(torch.randn(2, 8)).dtype)
print(f(torch.randn(2, 8)).dtype)
