# USRNet: ResUNet.forward (np.ceil padding -> int() of a torch._numpy 0-d result) inlined from a for loop of the
# compiled caller. As in np_ceil_pad_dynamic.py, real torch folds the wrapped_item to a constant (no break), so the
# dynamic second call is still ONE graph; there is no 'Failed to handle graph break gracefully' fallback.
# (UNVERIFIED as a file: the copy run on the device lacked `import numpy as np`; the same code path is verified by
# the kair_usrnet driver, where real torch compiles the dynamic call as one graph 236/16)
import numpy as np
import torch
import torch.nn as nn

conv = nn.Conv2d(1, 1, 3, padding=1)


def inner(x):
    h, w = x.size()[-2:]
    pb = int(np.ceil(h / 8) * 8 - h)
    pr = int(np.ceil(w / 8) * 8 - w)
    y = nn.ReplicationPad2d((0, pr, 0, pb))(x)
    y = conv(y)
    return y[..., :h, :w]


@torch.compile(backend="eager")
def f(x):
    x = torch.nn.functional.interpolate(x, scale_factor=2, mode='nearest')
    for i in range(2):
        x = inner(x) + 1
    return x


with torch.no_grad():
    for s in (16, 24):
        print(tuple(f(torch.randn(1, 1, s, s)).shape))
