# A `class` statement run inside a function Dynamo inlines (GDSS's SDE.reverse builds its reverse-time SDE class per
# call): torch 2.11 loads builtins.__build_class__ but cannot trace calling it (GB0007, a C builtin), so the break
# reaches the frame's CALL of reverse() and resumes after it. reverse, the class body and __init__ then run eagerly as
# frames of their own, skipped with no tensor in them.
# Real torch 2.11: 5 frames, 1 graph break, 2 graphs
import torch


class SDE:
    def __init__(self, N):
        self.N = N

    def sde(self, x):
        return -0.5 * x

    def reverse(self, score_fn):
        N = self.N
        sde_fn = self.sde

        class RSDE(self.__class__):
            def __init__(self):
                self.N = N

            def sde(self, x):
                return sde_fn(x) - score_fn(x)

        return RSDE()


def f(x, sde):
    y = x.sin()
    r = sde.reverse(lambda v: v * 2)
    return r.sde(y) + r.N


print(torch.compile(f, backend="eager")(torch.ones(3), SDE(4)).tolist())
