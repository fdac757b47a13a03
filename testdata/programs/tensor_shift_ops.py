# integer tensor shifts and augmented operators (conformer's lens >> 2): operator.rshift / lshift / irshift nodes
import torch

def f(x, lens):
    out = lens >> 2
    out -= 1
    m = (lens << 1) | 1
    m2 = lens.bitwise_right_shift(1) ^ lens
    m2 >>= 1
    return x[:, : x.shape[1] // 4] * 2, out, m, m2, 3 << lens, 256 >> lens

cf = torch.compile(f)
r = cf(torch.randn(2, 40), torch.tensor([40, 32]))
print([t.shape for t in r])
e = torch.tensor([5, 9]) >> 1
print(e.tolist())
