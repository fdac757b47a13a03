# A module constructed inside the compiled region (torchcde `X = CubicSpline(coeffs)` in forward), then a call
# of its method that graph-breaks inside (a .item() in _interpret_t). Real Dynamo cannot resume there:
# "Reconstruction failure ... sourceless variable UserMethodVariable(...)" -> a third attempt compiles up to the
# previous resumable state and skips the rest of the frame. tparse resumes after the call (resume function).
import torch

class Spline(torch.nn.Module):
    def __init__(self, coeffs):
        super().__init__()
        self.register_buffer('_c', coeffs)
    def derivative(self, t):
        maxlen = self._c.size(-2) - 1
        index = int(torch.as_tensor(t).floor().clamp(0, maxlen).item())
        return self._c[..., index, :]

lin = torch.nn.Linear(4, 4)
@torch.compile(backend="eager")
def f(coeffs, z, t):
    X = Spline(coeffs)
    z = lin(z).tanh()
    dX = X.derivative(t)
    return z + dX.sum(-1, keepdim=True)

with torch.no_grad():
    for n in (6, 9):
        out = f(torch.randn(2, n - 1, 3), torch.randn(2, 4), 1.5)
print(out.shape)
