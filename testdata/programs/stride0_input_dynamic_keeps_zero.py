# A dynamic input made by expand (stride 0 on the expanded dim) keeps stride 0 when its size turns symbolic: torch "i64[2, s][0, 1]" and pos[:, None, :] -> "[0, s, 1]"; tparse writes a contiguous stride "[s, 1]" (from hkproj/pytorch-paligemma modeling_gemma.py GemmaRotaryEmbedding, position_ids = arange(L).unsqueeze(0).expand(2, -1))
import torch
torch.manual_seed(0)

def f(x, pos):
    p = pos[:, None, :].float()
    return x * p

cf = torch.compile(f, backend="eager")
for L in (8, 12):
    pos = torch.arange(L).unsqueeze(0).expand(2, -1)
    print(cf(torch.randn(2, 3, L), pos).shape)
