# An input whose sizes stay the same but whose stride changes (x[:, -1] of a growing (1, L, D) tensor) recompiles once and then gets a symbolic stride (automatic dynamic on strides): torch 2 compiles, the second with "f32[1, 32][s7, 1]"; tparse recompiles on every new stride with static strides (from hkproj/pytorch-transformer train.py greedy_decode: model.project(out[:, -1]))
import torch
import torch.nn as nn
torch.manual_seed(0)
proj = nn.Linear(32, 64)
f = torch.compile(proj, backend="eager")
with torch.no_grad():
    for L in range(1, 6):
        out = torch.randn(1, L, 32)
        print(f(out[:, -1]).shape)
