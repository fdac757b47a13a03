# Expected torch 2.11: 3 compiles of f.
#   call 2: dim 1 changed -> automatic dynamic; x is contiguous, so its strides are inferred from the size symbols
#   (stride()[0] = 3*s0; TENSOR_MATCH shows stride=[None, 3, 1]) and ShapeEnv.produce_guards emits
#   `L['x'].stride()[0] == 3*L['x'].size()[1]`.
#   call 3: a slice: sizes (2, 16, 3) but stride (96, 3, 1): 96 != 48 -> recompile 0/2,
#   reason "0/1: x.stride()[0] == 3*x.size()[1]  # (unknown source x.stride()[0], please file a bug)".
# Rule: torch/fx/experimental/symbolic_shapes.py ShapeEnv.create_symbolic_sizes_strides_storage_offset (strides of a
#   contiguous input as expressions of the sizes) + ShapeEnv.produce_guards (an input stride that is an expression,
#   not a free symbol, gets an equality guard).
# (tparse before round 61: 2 compiles, only the strides that stayed numbers were checked.)
# (scaleformer_autoformerms 1/4 and 1/7: moving_avg.forward gets x_enc (contiguous) and x_dec[:, :label_len, :]
#  (same sizes, stride[0]=96) for the same scale.)
import torch

def f(x):
    return x * 2

cf = torch.compile(f, backend="eager")
cf(torch.randn(2, 32, 3))
cf(torch.randn(2, 16, 3))                        # recompile: dim 1 dynamic; stride[0] is 3*s0
print(cf(torch.randn(2, 32, 3)[:, :16]).shape)   # sizes (2, 16, 3), stride (96, 3, 1)
