# A tensor compared with a str: Tensor.__eq__ / __ne__ give NotImplemented, so Python answers by identity (False for
# ==, True for !=) in eager code. Inside a frame the NotImplemented result is no tensor: Dynamo's GB0208 "torch.* op
# returned non-Tensor" at the COMPARE_OP, which cannot resume, so the frame runs eagerly (dreamerv3's
# `if self._std == "learned":` with a tensor std).
import torch

std = torch.tensor((1.0,))
print(std == "learned", std != "learned")


@torch.compile(backend="eager")
def head(x, s):
    y = torch.tanh(x)
    if s == "learned":
        return y * 2
    return y * s


for b in (2, 3):
    print(head(torch.randn(b, 4), std).shape)
