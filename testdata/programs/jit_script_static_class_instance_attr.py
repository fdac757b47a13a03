# a @torch.jit.script function reached through a class: a staticmethod (C._forward), a class attribute (D.fn) and an instance of that class (obj.fn, no binding: a ScriptFunction is no descriptor); Dynamo inlines each (real torch 2.11 on the same code as probe p4 of round 54: 3 frames, 3 graphs, no break)
import torch
torch.manual_seed(0)

class C:
    @staticmethod
    @torch.jit.script
    def _forward(x):
        return x * 2 + 1

@torch.jit.script
def glob(x):
    return x - 1

class D:
    fn = glob

def f(x):
    y = x.sin()
    z = C._forward(y)
    return z.cos()

def g(x):
    return D.fn(x.sin()).cos()

def h(x, obj):
    return obj.fn(x.sin()).cos()

cf = torch.compile(f, backend="eager")
cg = torch.compile(g, backend="eager")
ch = torch.compile(h, backend="eager")
x = torch.randn(4)
print(cf(x).shape, cg(x).shape, ch(x, D()).shape)
