# A size specialization made while inlining a callee that then graph-breaks (restart) does not survive the
# restart: real Dynamo retraces with a fresh shape env, so the caller's graph keeps the batch symbolic
# (hflayers HopfieldLayer: `torch.tensor([[[True]]] * num_heads * bsz)` deep inside the breaking call).
# Batch 2 then 3: real compile #1 graph = expand(size = (s, 6, 8)) with only Sym + weight placeholders.
import torch

w = torch.nn.Parameter(torch.randn(1, 6, 8))

def core(stored, state):
    bsz = stored.shape[0]
    active = torch.tensor([[[True]]] * 2 * bsz)
    while active.any():
        active = active & False
    return (state @ stored.transpose(1, 2)).softmax(-1) @ stored

@torch.compile(backend="eager")
def f(x):
    stored = w.expand(size=(x.shape[0], 6, 8))
    return core(stored, x)

with torch.no_grad():
    for b in (2, 3):
        out = f(torch.randn(b, 5, 8))
print(out.shape)
