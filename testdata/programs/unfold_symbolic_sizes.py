# F.unfold (nn.Unfold) of an input with symbolic H, W keeps a symbolic block count: torch's guards read ((s53 + 3)//4) and the L dim is ((s53 + 3)//4)*((s0 + 3)//4); tparse makes the unfold output static (576 at 96x96) in the dynamic recompile (from segformer-pytorch segformer_pytorch.py MiT.forward)
import torch
import torch.nn as nn

torch.manual_seed(0)
unfold = nn.Unfold(7, stride=4, padding=3)


@torch.compile(backend="eager")
def f(x):
    p = unfold(x)
    return p.mean(1), p.shape[-1]


for s in (64, 96):
    y, n = f(torch.randn(2, 3, s, s))
    print(y.shape, n)
