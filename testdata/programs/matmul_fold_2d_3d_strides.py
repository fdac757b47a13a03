# matmul(2-D, 3-D) takes the fold path (tensor2.mT folded, mm, result .mT): [4,32] @ [4,32,1] -> [4,4,1] strides [4,1,4], not bmm's contiguous [4,1,1] (from reczoo/FuxiCTR cross_net.py CrossNetMix)
import torch
class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.V = torch.nn.Parameter(torch.randn(2, 32, 4))
    def forward(self, x):
        x0 = x.unsqueeze(2)                       # [4, 32, 1][32, 1, 1]
        v = torch.matmul(self.V[0].t(), x0)       # [4, 4, 1][4, 1, 4] in torch
        return torch.tanh(v)
m = M()
g = torch.compile(m, backend="eager")
with torch.no_grad():
    out = g(torch.randn(4, 32))
print(out.shape, out.stride())
