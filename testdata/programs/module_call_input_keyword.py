# Calling an nn.Module with its forward argument by keyword: `self.norm(input=x)`, `self.drop(input=x)`
# (hflayers Hopfield / transformer layers). nn.LayerNorm.forward(self, input) accepts input=; real Dynamo
# inlines the forward as usual. tparse stopped: "nn.LayerNorm expects a tensor input".
import torch

norm = torch.nn.LayerNorm(8)
drop = torch.nn.Dropout(0.0)
lin = torch.nn.Linear(8, 8)

@torch.compile(backend="eager")
def f(x):
    h = norm(input=x.reshape(shape=(-1, x.shape[2]))).reshape(shape=x.shape)
    h = lin(input=drop(input=h))
    return h.relu()

with torch.no_grad():
    for n in (5, 7):
        out = f(torch.randn(2, n, 8))
print(out.shape)
