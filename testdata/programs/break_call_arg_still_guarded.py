# A tensor argument whose only use is being passed to a call that graph-breaks deep inside (restart, then the
# break lands on the call itself) is still TENSOR_MATCH-guarded by the caller frame (hflayers Hopfield.forward:
# `self._associate(data=input, ...)`). Real: frame `forward` has no graph but guards L['input'], so the 2nd call
# (seq 5 -> 7) recompiles it ("tensor 'input' size mismatch"). tparse: no guard, no recompile of that frame.
import torch

class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 8)
    def _assoc(self, data, flag=False):
        h = self.lin(data)
        active = torch.tensor([True, True])
        while active.any():
            active = active & False
        return (h, None)
    def forward(self, input, mask=None):
        return self._assoc(data=input, flag=False)[0].transpose(0, 1)

m = M()
f = torch.compile(m, backend="eager")
with torch.no_grad():
    for n in (5, 7):
        out = f(torch.randn(2, n, 8))
print(out.shape)
