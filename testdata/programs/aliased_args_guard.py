# One tensor passed as several arguments (self-attention: layer(x, x, x)) is one graph input, and the entry guards
# that the arguments stay one object; a call with distinct tensors (cross-attention: layer(dec, enc, enc)) fails
# `queries is keys` and recompiles (Autoformer's AutoCorrelationLayer; a false exact before).
import torch

torch.manual_seed(0)
proj = torch.nn.Linear(4, 4)


@torch.compile(backend="eager")
def layer(queries, keys, values):
    B, L, _ = queries.shape
    _, S, _ = keys.shape
    q = proj(queries).view(B, L, 2, -1)
    k = proj(keys).view(B, S, 2, -1)
    v = proj(values).view(B, S, 2, -1)
    return q.mean(1) + k.mean(1) + v.mean(1)


with torch.no_grad():
    enc = torch.randn(2, 24, 4)
    dec = torch.randn(2, 16, 4)
    layer(enc, enc, enc)
    layer(dec, dec, dec)
    out = layer(dec, enc, enc)
print(out.shape)
