# Seen on torch 2.11 (a helper's device run): 0/1 recompiles on `x.storage_offset() == x.size()[0]  # duck sizing ...`.
# Expected torch 2.11 behaviour (backend="eager", dynamic=True):
#   x = base[1] is a view with storage_offset 6 and size 6. With dynamic shapes ShapeEnv creates x's storage offset
#   as a DUCK symbol (_create_symbolic_sizes_strides_storage_offset -> create_symbol(..., DimDynamic.DUCK)); duck
#   sizing hands it the SAME symbol as any earlier size/stride with the same value (6 = x.size(0) = y.size(0)), and
#   produce_guards emits `L['x'].storage_offset() == L['x'].size()[0]` ("duck sizing added this equality because
#   these variables had the same size 6"). Call 2: base[2] has offset 12 != 6 -> guard fails -> RECOMPILE (0/1).
#   torch: 2 compiles (0/0, 0/1), 2 ops each.
#   (Real case: XMem's encode_value: torch 2/6 recompiles on `args[0].storage_offset() == args[3].stride()[0]`
#   (duck sizing, both 12288) when frames[:, 2] (offset 24576) comes; tparse reuses 2/4, and the cascade lets
#   segment ti=3 compile as 2/7 where torch hits the recompile limit (8) at 2/8.)
# Rule: torch/fx/experimental/symbolic_shapes.py ShapeEnv._create_symbolic_sizes_strides_storage_offset /
#   create_symbol (duck_shape: val_to_var reuse) and produce_guards (duck-sizing equality guards).
# (tparse before round 61 checked no duck equality of an offset: 1 compile.)
import torch


def f(x, y):
    return x * 2 + y


cf = torch.compile(f, backend="eager", dynamic=True)
base = torch.randn(10, 6)
print(cf(base[1], torch.randn(6)).sum().item())
print(cf(base[2], torch.randn(6)).sum().item())
