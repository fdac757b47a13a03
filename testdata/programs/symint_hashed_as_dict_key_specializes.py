# Expected torch 2.11: 3 compiles of f.
#   call 2: scale and x.shape[1] changed -> automatic dynamic: both are SymInts. `(scale, x.shape[1]) in table` hashes
#   the SymInts (a dict key must be a Python constant): SymNodeVariable.evaluate_expr specializes them, installing the
#   shape-env guards `L['scale'] == 2` and `L['x'].size()[1] == 16` (truth: "L['scale'] == 2  # if (scale, x.shape[0],
#   x.shape[1]) not in self.concats ... (_dynamo/variables/tensor.py:1951 in evaluate_expr)"). From there on they are
#   constants in the graph (placeholder "L_scale_: Sym(2)"; `x.shape[1]` -> 16, no size()/getitem nodes).
#   call 3: scale 3, size 24 -> 0/1 fails -> recompile 0/2.
# Rule: torch/_dynamo/variables/dicts.py ConstDictVariable (key -> HashableTracker, whose underlying value of a
#   SymNodeVariable is evaluate_expr()), torch/_dynamo/variables/tensor.py SymNodeVariable.evaluate_expr.
# (tparse before round 61: 2 compiles, the symbols kept and table[(2, 16)] baked in with no guard.)
# (scaleformer_autoformerms 3/2..3/7: TimeFeatureEmbedding_new's `(scale, x.shape[0], x.shape[1]) not in self.concats`;
#  tparse keeps scale / x_mark.shape[1] symbolic: extra size()+getitem nodes (3/2: 20 vs 18 ops), one `label_len//scale`
#  node instead of two (the replacement pass folds equal symbolic expressions, not constants), dynamic x in 3/5.)
import torch
table = {(4, 8): 1.0, (2, 16): 2.0, (3, 24): 3.0}

def f(x, scale):
    y = x * scale
    if (scale, x.shape[1]) in table:
        y = y + table[(scale, x.shape[1])]
    return y.sum(1)

cf = torch.compile(f, backend="eager")
cf(torch.randn(2, 8, 4), 4)
cf(torch.randn(2, 16, 4), 2)
print(cf(torch.randn(2, 24, 4), 3))
