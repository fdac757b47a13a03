# A float argument that changed is unspecialized (automatic dynamic: a tensorified SymFloat); `bernoulli_(1 - dropout)`
# hands an expression of it to an aten float parameter, which guards the expression's value
# (`(1.0 + ((-1)*___as_tensor(dropout).item())) == 0.6`): every new value recompiles (awd-lstm's LockedDropout)
import torch
import torch.nn as nn


class LockedDropout(nn.Module):
    def forward(self, x, dropout=0.5):
        if not self.training or not dropout:
            return x
        m = x.data.new(1, x.size(1), x.size(2)).bernoulli_(1 - dropout)
        mask = m.div_(1 - dropout)
        return mask.expand_as(x) * x


torch.manual_seed(0)
f = torch.compile(LockedDropout(), backend="eager")
x = torch.randn(3, 2, 4)
for d in (0.3, 0.3, 0.4, 0.25, 0.4, 0.1):
    print(d, f(x, d).shape)
