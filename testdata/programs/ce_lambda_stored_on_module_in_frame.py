# Seen on torch 2.11 (a helper's device run): 0/0 f 1 op, break at module.py:1982; 1/0 __init__ fails "Uninitialized nn.Module"; 2/0 resume 2 ops.
# Expected torch 2.11 behaviour (backend="eager"), the NTXentLoss pattern of TS-TCC (run.py:36, models/loss.py:14):
#   f builds a user nn.Module inside the frame. Dynamo inlines Crit.__init__ (polyfills
#   instantiate_user_defined_class_object); `self.ce = torch.nn.CrossEntropyLoss(reduction="sum")`: a
#   CrossEntropyLoss built in a frame is a LambdaVariable (user_defined.py _call_cross_entropy_loss), and storing it on
#   the module traces torch.nn.Module.__setattr__ (module.py:1982 `if isinstance(value, Parameter):`), where
#   isinstance(LambdaVariable, Parameter) raises gb0175 "builtin isinstance() cannot determine type of argument"
#   (builtin.py call_isinstance: arg.python_type() is NotImplemented for LambdaVariable). The break is in an inlined
#   call: graph break at f's CALL `Crit(0.5)`:
#     0/0 f: 1 op (x * 2), break gb0175 (user stack ce.py:8 -> module.py:1982 __setattr__)
#   Crit(0.5) then runs eagerly; its __init__ is converted as a frame of its own and fails at once:
#     1/0 Crit.__init__: gb0119 "Uninitialized nn.Module" (`super().__init__()` on a module whose
#         nn.Module.__init__ has not run yet), "Failed to handle graph break gracefully", frame skipped (no graph)
#     2/0 torch_dynamo_resume_in_f_at_16: 2 ops (div, cross_entropy of the real module)
#   Call 2 reuses everything (no new compiles). Totals: 3 frames, 2 graphs, breaks gb0175 x1 + gb0119.
# Rule: torch/_dynamo/variables/builtin.py BuiltinVariable.call_isinstance (gb0175), variables/user_defined.py
#   (CrossEntropyLoss in a frame -> LambdaVariable), variables/builder.py / nn_module.py "Uninitialized nn.Module"
#   (gb0119) when a frame's `self` is an nn.Module without _parameters etc.
# (tparse before round 61 never broke when the lambda was stored on a module: 1 frame, 1 graph, 4 ops.)
import torch


class Crit(torch.nn.Module):
    def __init__(self, t):
        super().__init__()
        self.t = t
        self.ce = torch.nn.CrossEntropyLoss(reduction="sum")

    def forward(self, x, y):
        return self.ce(x / self.t, y)


def f(x, y):
    x = x * 2
    c = Crit(0.5)
    return c(x, y)


cf = torch.compile(f, backend="eager")
x = torch.randn(4, 3)
y = torch.tensor([0, 1, 2, 1])
print(round(cf(x, y).item(), 4))
print(round(cf(x, y).item(), 4))
