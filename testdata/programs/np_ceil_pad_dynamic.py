# KAIR FFDNet / USRNet ResUNet padding: h, w = x.size()[-2:]; int(np.ceil(h/8)*8-h) feeds nn.ReplicationPad2d.
# np.ceil on an int/SymInt is traced through torch._numpy (wrapped_ceil/mul/sub) and int() of the 0-d result is
# wrapped_item whose value real torch folds to a constant: graph line `sym_int = torch.sym_int(0.0)`, pad (0, 0, 0, 0).
# No graph break, no unbacked symbol; in the dynamic recompile this specializes H, W (Sym(48)), so the third size
# recompiles again ('expected 48, actual 40'): real = 3 compiles 18/0, 22/1, 22/1, no breaks
import numpy as np
import torch
import torch.nn as nn

conv = nn.Conv2d(1, 2, 3, padding=1)


@torch.compile(backend="eager")
def f(x):
    h, w = x.size()[-2:]
    pb = int(np.ceil(h / 8) * 8 - h)
    pr = int(np.ceil(w / 8) * 8 - w)
    y = nn.ReplicationPad2d((0, pr, 0, pb))(x)
    y = conv(y)
    return y[..., :h, :w] + x


with torch.no_grad():
    for s in (32, 48, 40):
        print(tuple(f(torch.randn(1, 1, s, s)).shape))
