# zeros_like(x, dtype=bool).scatter_(-1, idx, 1) is no longer all False: the mask indexes data-dependent rows, broken
# out eagerly, and the resume function sees a stack value whose size changes between calls (FCOS target assignment)
import torch
torch.manual_seed(0)

def f(x):
    idx = torch.min(x, dim=-1)[1]
    m = torch.zeros_like(x, dtype=torch.bool).scatter_(-1, idx.unsqueeze(-1), 1)
    r = x[m]                      # gb0036 Dynamic shape operator (nonzero) -> break, runs eagerly
    r = torch.reshape(r, (2, -1))  # resume fn: L_stack0_ f32[n] ; torch n = x.shape[0]*x.shape[1]
    return r * 2

cf = torch.compile(f, backend="eager")
print(cf(torch.rand(2, 8, 3)).shape)   # torch: [2, 8]
print(cf(torch.rand(2, 4, 3)).shape)   # torch: [2, 4]
