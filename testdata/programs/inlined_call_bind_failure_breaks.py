# An inlined call whose arguments do not bind is graph break GB7312 "failed to bind arguments when attempting to
# inline" at the call (torch's TransformerEncoder passes is_causal= to a user layer whose forward lacks it: TranAD);
# the call then runs eagerly and raises CPython's TypeError before the layer's frame exists (no frame of Dynamo's).
import torch
import torch.nn as nn

class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.self_attn = nn.MultiheadAttention(4, 2)
        self.lin = nn.Linear(4, 4)

    def forward(self, src, src_mask=None, src_key_padding_mask=None):
        return self.lin(src + self.self_attn(src, src, src)[0]).relu()

class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.TransformerEncoder(Layer(), 1, enable_nested_tensor=False)
        self.out = nn.Linear(4, 2)

    def forward(self, x):
        x = x * 2
        return self.out(self.enc(x))

m = torch.compile(Model(), backend="eager")
for _ in range(2):
    try:
        m(torch.randn(3, 2, 4))
    except TypeError as e:
        print("TypeError:", e)

def helper(a, b):
    return a + b

@torch.compile(backend="eager")
def g(x):
    y = x.sin()
    return helper(y, x, 3)

try:
    g(torch.ones(3))
except TypeError as e:
    print("TypeError:", e)
