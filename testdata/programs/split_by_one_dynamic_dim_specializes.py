# Expected torch 2.11 behaviour (rule):
#   Iterating `x.split(1, dim=1)` over a dynamic dim needs the number of pieces as a Python int:
#   torch/_decomp/decompositions.py split (aten.split.Tensor): `chunks = (dim_size + split_size - 1) // split_size;
#   chunks = guard_int(chunks)`. With split_size 1 the guard is `Eq(s0 - 1, 7)` (x = seq[:, :-1]), linear in one
#   symbol, so ShapeEnv specializes s0 = 8 (symbolic_shape_specialization, reason range_refined_to_singleton, user
#   stack at the `for t in x.split(...)` line).
#   Calls: length 6 (graph 1, static), 6 (cache hit), 8 (recompile, automatic dynamic -> s0, then specialized to 8).
#   Expected torch, graph 2: L_seq_ is "i64[2, 8]", no `s0` placeholder, every piece "[2, 1]", all sizes constants
#   (the same op count as graph 1 plus one more piece's ops); the unused `b, n = x.shape` read leaves no node
#   (feedback-transformer's truth has none at its `b, n, device = *x.shape, x.device`).
# (tparse before round 61 kept the symbol: the last piece [2, s0 - 7], sym_sum nodes for the sizes read.)
import torch


def f(seq):
    x = seq[:, :-1].float()
    b, n = x.shape
    outs = []
    for t in x.split(1, dim=1):
        m = t.shape[1]
        outs.append(t * 2 + torch.arange(m).float())
    return torch.cat(outs, dim=1)


cf = torch.compile(f, backend="eager")
for L in (6, 6, 8):
    print(tuple(cf(torch.randint(0, 9, (2, L))).shape))
