# Under dynamic=True a first convolution specializes b's channel symbol (16, its weight's in-channels); the second sees a
# cat whose channels are `s_a + s_b`: with s_b replaced by 16 it is linear in s_a alone, solved (s_a = 32), so both
# inputs print static channels and the cat's stride folds to a number times the spatial sizes (`48*s69**2`) (XMem's
# fuser over a key readout and a hidden state).
# Expected torch 2.11 behaviour: 1 compile, 1 graph of 4 ops (L_a_ f32[s.., 32, s.., s..], L_b_ 16 channels); the
# second call, other batch and spatial sizes, reuses it.
import torch

torch.manual_seed(0)
c1 = torch.nn.Conv2d(16, 4, 1)
c2 = torch.nn.Conv2d(48, 4, 1)


def f(a, b):
    y = c1(b)
    return c2(torch.cat([a, b], 1)) + y


cf = torch.compile(f, backend="eager", dynamic=True)
print(cf(torch.randn(2, 32, 4, 4), torch.randn(2, 16, 4, 4)).shape)
print(cf(torch.randn(3, 32, 6, 6), torch.randn(3, 16, 6, 6)).shape)
