# A torch function's input tensor passed by keyword (stylegan2's conv2d_gradfix: F.conv2d(input=x, weight=w, ...)),
# numpy's keyword names torch accepts (keepdims= for keepdim=, axis= for dim=), and a parameter left to its
# default value, guarded as any frame local (a later explicit value recompiles)
import torch
import torch.nn.functional as F


def f(x, w, b, scale=False):
    y = F.conv2d(input=x, weight=w, bias=b, padding=1)
    y = F.relu(input=y)
    m = y.mean([2, 3], keepdims=True)
    s = torch.sum(y, axis=1)
    out = torch.add(input=y, other=m) + s.unsqueeze(1)
    if scale:
        return out * 2
    return out


cf = torch.compile(f, backend="eager")
x, w, b = torch.randn(2, 3, 8, 8), torch.randn(4, 3, 3, 3), torch.randn(4)
cf(x, w, b)
cf(x, w, b)
cf(x, w, b, True)
