# Under dynamic=True a convolution over a cat sees channels `s_a + s_b` before either is known: ShapeEnv replaces the
# symbol of the larger hint by an expression of the other (s_a = 48 - s_b) instead of solving; a later convolution of b
# alone specializes s_b (16), and through the replacement s_a is 32: both inputs print static channels (XMem's fuser,
# whose hidden state's channels are fixed by a later conv).
# Expected torch 2.11 behaviour: 1 compile, 1 graph of 4 ops, L_a_ with 32 channels and L_b_ with 16.
import torch

torch.manual_seed(0)
c1 = torch.nn.Conv2d(16, 4, 1)
c2 = torch.nn.Conv2d(48, 4, 1)


def f(a, b):
    y = c2(torch.cat([a, b], 1))
    return c1(b) + y


cf = torch.compile(f, backend="eager", dynamic=True)
print(cf(torch.randn(2, 32, 4, 4), torch.randn(2, 16, 4, 4)).shape)
