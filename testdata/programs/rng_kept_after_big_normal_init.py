# Seen on torch 2.11 (a helper's device run): 3 compiles, 1/1 recompile reason `___stack0 == 514`.
# Expected torch 2.11 behaviour (backend="eager"):
#   After torch.manual_seed(0) the script draws a 512x512x3x3 normal_ init (2,359,296 float32 elements: one
#   32-bit draw each in ATen's normal_fill), then per call draws fresh rand data whose count differs call to call.
#   int(x.sum()) breaks the graph (gb0124, Tensor.item() with capture_scalar_outputs=False); the resume frame gets
#   the int on its stack as a constant guarded `___stack0 == <n>`. Call 2 has a different n -> the guard fails ->
#   the resume frame RECOMPILES (recompile reason `___stack0 == ...`), and automatic dynamic makes the int a SymInt.
#   torch: 3 compiles: f 0/0 (1 op: sum), resume_in_f 1/0 (1 op), resume_in_f 1/1 (1 op: mul by Sym) with a recompile.
# Rule: torch/_dynamo/variables/builder.py VariableBuilder.wrap_literal/wrap_int (a plain int frame local is a
#   constant with an EQUALS_MATCH guard; on recompile automatic_dynamic makes it a SymInt);
#   torch/_dynamo/guards.py CONSTANT_MATCH / EQUALS_MATCH.
# (tparse before round 61 refused one op of more than 2^22 draws: the generator was lost, int() guessed 1 twice, no
#   recompile.)
import torch

torch.manual_seed(0)
w = torch.empty(512, 512, 3, 3)
w.normal_(0, 0.01)


def f(x):
    n = int(x.sum())
    return x * n


cf = torch.compile(f, backend="eager")
for i in range(2):
    x = (torch.rand(1000) > 0.5 + 0.05 * i).float()
    print(i, cf(x).sum().item())
