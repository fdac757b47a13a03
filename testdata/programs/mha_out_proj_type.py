# nn.MultiheadAttention.out_proj is a NonDynamicallyQuantizableLinear (a Linear subclass), so
# `type(m) is nn.Linear` / `type(m) in {nn.Linear: ...}` is False for it (minLoRA's apply_lora skips out_proj);
# real torch: the loop below finds no Linear and the graph holds only the MHA call
import torch
import torch.nn as nn

torch.manual_seed(0)
mha = nn.MultiheadAttention(8, 2, batch_first=True)
exact_linears = [m for m in mha.modules() if type(m) in {nn.Linear: 1}]


@torch.compile(backend="eager")
def f(x):
    y, _ = mha(x, x, x, need_weights=False)
    for m in exact_linears:
        y = m(y)
    return y


for b in (2, 3):
    out = f(torch.randn(b, 4, 8))
print(out.shape, len(exact_linears))
