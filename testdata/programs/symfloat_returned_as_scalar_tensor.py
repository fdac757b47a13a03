# Seen on torch 2.11 (a helper's device run): 0/1 8 ops incl. scalar_tensor(truediv_2, dtype=torch.float64), L_it_ Sym(s15).
# Expected torch 2.11 behaviour (backend="eager"):
#   Call 2 changes the int `it` (1 -> 2): guard `it == 1` fails, recompile 0/1 with automatic dynamic making `it`
#   a SymInt graph input (L_it_: "Sym(s..)"). p is a SymFloat computed by graph nodes (sub, truediv, mul, add), and
#   `p / 2 / 3` adds truediv_1, truediv_2. A SymFloat that leaves the frame is returned through the graph as
#   `torch.scalar_tensor(truediv_2, dtype=torch.float64)` (then .item() in the bytecode). torch 0/1: 8 ops
#   (x*2, sub, truediv, mul, add, truediv_1, truediv_2, scalar_tensor); call 3 reuses 0/1.
#   (Real case: XMem LossComputer.compute 3/1: torch 173 ops, tparse 165: `losses['p'] += p / b / (t-1)` of
#   BootstrappedCE's SymFloat this_p: torch's truediv_1/truediv_2, the running '+' nodes and the final
#   `scalar_tensor(add_27, dtype=torch.float64)` output are missing in tparse.)
# Rule: torch/_dynamo/output_graph.py OutputGraph.compile_subgraph / codegen of SymNodeVariable outputs: a float
#   SymNode output is wrapped with torch.scalar_tensor(..., dtype=float64) inside the graph (and unwrapped with
#   .item() after the call); the SymFloat arithmetic nodes feeding it stay live.
# (tparse before round 61 dropped a returned SymFloat: 0/1 had 1 op and no `it` input.)
import torch


def f(x, it):
    p = 0.15 + 0.85 * ((10 - it) / 10)
    return x * 2, p / 2 / 3


cf = torch.compile(f, backend="eager")
x = torch.randn(8)
for it in (1, 2, 3):
    y, q = cf(x, it)
    print(it, round(q, 4), y.sum().item())
