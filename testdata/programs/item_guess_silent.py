# Pins: Grad-TTS's `y_max_length = int(y_lengths.max())` (Speech-Backbones Grad-TTS/model/tts.py:80). int() of a
# tensor breaks the frame (GB0124) and then runs eagerly on data tparse does not know: builtins.cpp returns 1 with no
# guess id, so the resume frame is guarded `L['___stack0'] == 1` and the run is still "exact". Real torch: n is
# ~30-60 and differs per call: call 2 recompiles the resume frame (n becomes a SymInt), `n % 4` adds guards.
import torch

def f(logw, mask):
    w_ceil = torch.ceil(torch.exp(logw) * mask) * 0.91
    y_lengths = torch.clamp_min(torch.sum(w_ceil, [1, 2]), 1).long()
    n = int(y_lengths.max())
    while n % 4 != 0:
        n += 1
    return torch.zeros(logw.shape[0], 3, n) + n

torch.manual_seed(0)
g = torch.compile(f, backend="eager")
for T in (10, 10, 13):
    out = g(torch.randn(2, 1, T) + 1.0, torch.ones(2, 1, T))
    print(out.shape)
