# once an input has a dynamic size, a stride not inferable from the sizes (a slice's 17 over 16 columns) becomes its own symbol L['x'].stride()[0] (from g-mlp-pytorch autoregressive_wrapper.py)
import torch

def f(x):
    return x * 2

g = torch.compile(f, backend="eager")
for b in (2, 3):
    seq = torch.randn(b, 17)
    xi = seq[:, :-1]                  # shape (b, 16), stride (17, 1)
    print(g(xi).shape)                # torch 2nd graph: L_x_: "f32[s77, 16][s7, 1]cpu"
