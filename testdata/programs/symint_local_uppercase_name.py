# A Python int argument that became dynamic (automatic dynamic on recompile) is a SymInt graph input; its FX
# placeholder NODE name is lower-cased like every other input: real torch 2.11 prints `l_t_ = L_T_` and uses
# `l_t_` (nanochat flash_attn_with_kvcache's T_new, CausalSelfAttention's T after a graph break)
import torch
@torch.compile(backend="eager")
def f(x, T):
    return x.view(2, T, -1) * 2 + T
with torch.no_grad():
    for T in (3, 4, 5):
        out = f(torch.randn(2, T * 4), T)
print(out.shape)
