# binary elementwise over [B,C,1,1] operands whose size-1 dims have different strides: the output takes the permuted operand's layout (from ConvNeXt-V2 models/convnextv2.py Block residual at 1x1)
import torch
torch.manual_seed(0)
lin = torch.nn.Linear(8, 8)

def f(inp):
    x = inp.permute(0, 2, 3, 1)            # [2, 1, 1, 8]
    x = lin(x)                             # strides (8, 8, 8, 1)
    x = x.permute(0, 3, 1, 2)              # [2, 8, 1, 1] strides (8, 1, 8, 8)
    return inp + x                         # inp strides (8, 1, 1, 1); torch: out strides (8, 1, 8, 8)

f = torch.compile(f, backend="eager")
print(f(torch.randn(2, 8, 1, 1)).shape)
