# Seen on torch 2.11 (a helper's device run): 0/0 f 3 ops, 1/0 resume 1 op (tparse before round 61: 0/0 1 op).
# Expected torch 2.11 behaviour (Python 3.12, backend="eager"):
#   `[o.item() for o in d['n']]` is an inlined (PEP 709) list comprehension; o.item() breaks inside it (gb0124).
#   Dynamo speculates the comprehension at its BUILD_LIST (after GET_ITER); the break restarts the analysis
#   ("Encountered graph break that we cannot resume from. Compiling up to the previous resumable state ...") and
#   attempt 1 compiles the graph at that point. GET_ITER of a TensorVariable already unpacked d['n'] into
#   getitem nodes (TensorVariable.unpack_var_sequence), so the first graph is
#       float, getitem, getitem_1  -> 3 ops  (outputs: getitem, getitem_1, y)
#   then the comprehension runs eagerly and torch_dynamo_resume_in_f_at_<line> compiles `y * n[0]` (1 op).
# Rule: torch/_dynamo/symbolic_convert.py InstructionTranslatorBase._maybe_setup_comprehension_speculation /
#   _handle_comprehension_graph_break (checkpoint at the comprehension's BUILD_LIST, i.e. AFTER the iterable
#   expression and GET_ITER were traced); GET_ITER -> BuiltinVariable(iter) -> TensorVariable.unpack_var_sequence.
# (tparse before round 61 pre-evaluated only a plain name or zip/enumerate: a subscript's unpacking fell inside the
#   rolled-back speculation, a first graph of 1 op.)
#   Control: write `nn = d['n']` first and iterate `nn` -> 3 ops as well.
import torch


def f(d):
    y = d['x'].float()
    n = [o.item() for o in d['n']]
    return y * n[0]


cf = torch.compile(f, backend="eager")
d = {'x': torch.ones(2, 3, dtype=torch.int64), 'n': torch.tensor([2, 3])}
print(cf(d).sum().item())
print(cf(d).sum().item())
