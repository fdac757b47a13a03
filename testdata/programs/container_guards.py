# Dynamo guards what a frame reads from plain containers reached from a source: an item of a dict argument, of a
# global dict or list, of a module's dict attribute (CONSTANT_MATCH), a key's presence (DICT_CONTAINS), a dict's
# length; each mutation between calls recompiles. A cache keyed inside the frame recompiles on its second call.
import torch

t = torch.randn(3)


@torch.compile(backend="eager")
def f_arg(x, cfg):
    return x - 1 if cfg["a"] == 0 else x + 1


cfg = {"a": 0}
f_arg(t, cfg)
cfg["a"] = 1
f_arg(t, cfg)

G = {"a": 0, "nested": {"k": 2}}


@torch.compile(backend="eager")
def f_glob(x):
    return x * G["nested"]["k"] if G["a"] == 0 else x + 1


f_glob(t)
G["nested"]["k"] = 3
f_glob(t)

GL = [0]


@torch.compile(backend="eager")
def f_list(x):
    return x - 1 if GL[0] == 0 else x + 1


f_list(t)
GL[0] = 1
f_list(t)

GI = {}


@torch.compile(backend="eager")
def f_in(x):
    return x + 1 if "k" in GI else x - 1


f_in(t)
GI["k"] = 1
f_in(t)

GN = {"a": 0}


@torch.compile(backend="eager")
def f_len(x):
    return x - 1 if len(GN) == 1 else x + 1


f_len(t)
GN["b"] = 1
f_len(t)


class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.cfg = {"scale": 2}
        self.lin = torch.nn.Linear(3, 3)

    def forward(self, x):
        return self.lin(x) * self.cfg["scale"]


m = M()
cm = torch.compile(m, backend="eager")
cm(t)
m.cfg["scale"] = 4
cm(t)
cm(t)

cache = {}


@torch.compile(backend="eager")
def f_cache(x):
    if "k" not in cache:
        cache["k"] = 1
        return x - 1
    return x + 1


f_cache(t)
f_cache(t)
print(len(cache))
