# Expected torch 2.11 behaviour (rule):
#   Under dynamic=True (specialize_float=False) a float attribute that a built-in nn.Module's forward reads is an
#   unspecialized float: torch/_dynamo/variables/builder.py VariableBuilder.wrap_literal -> _wrap_lazy_constant ->
#   wrap_symfloat makes it a 0-d float64 graph input `L_self_modules_act_alpha: "f64[][]cpu"` plus an
#   `item: "Sym(zf..)" = l_self_modules_act_alpha.item()` node, passed to `torch.nn.functional.elu(x, item, False)`.
#   F.elu is put in the graph whole (nothing checks alpha), so the symbol stays unspecialized (`Sym(zf..)`, no guard)
#   -- the same as LeakyReLU's negative_slope / ReLU6's min_val / LayerNorm's eps.
#   Expected torch: graph ops = linear, item, elu (3); 1 extra graph input (the alpha tensor).
# tparse today (src/compiler/torch/nn/nn_more.cpp, the `cls == "ELU" || cls == "CELU"` line) passes a["alpha"] as
#   the constant 1.0 (`elu(linear, 1.0, False)`, 2 ops, no alpha input) instead of Interp::nn_float_attr(mod, "alpha",
#   loc, /*checked=*/false). (CELU goes through the same line; same expectation, not checked against torch.)
import torch
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)
        self.act = nn.ELU()

    def forward(self, x):
        return self.act(self.lin(x))


cm = torch.compile(M(), backend="eager", dynamic=True)
print(round(cm(torch.randn(3, 4)).sum().item(), 4))
print(round(cm(torch.randn(5, 4)).sum().item(), 4))
