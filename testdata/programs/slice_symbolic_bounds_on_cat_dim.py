# slicing a cat'ed tensor (size s1+s2) with symbolic bounds [i*B:(i+1)*B] keeps the size symbolic (B), and len() of it adds torch.sym_sum (from ijepa src/utils/tensors.py repeat_interleave_batch)
import torch
torch.manual_seed(0)

def repeat_interleave_batch(x, B, repeat):
    N = len(x) // B
    return torch.cat([torch.cat([x[i*B:(i+1)*B] for _ in range(repeat)], dim=0) for i in range(N)], dim=0)

def f(img, a, b, z):
    B = len(img)
    h = torch.cat([a, b], dim=0)
    h = repeat_interleave_batch(h, B, repeat=1)
    return torch.nn.functional.smooth_l1_loss(z.repeat(2, 1), h)

g = torch.compile(f, backend="eager")
for B, na, nb in ((2, 3, 1), (3, 4, 2)):
    print(g(torch.randn(B, 3), torch.randn(na, 4), torch.randn(nb, 4), torch.randn(B, 4)))
