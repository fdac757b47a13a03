# Parameters passed as autograd.Function.apply arguments (ldm BasicTransformerBlock: checkpoint(self._forward,
# (x, context), self.parameters(), True)) are lifted as graph inputs in ARGUMENT order (registration order
# a, b) when apply is traced, before the forward body runs; the other input `c` is lifted at its first use.
# Real placeholders: L_x_, L_self_modules_a_..weight/bias, L_self_modules_b_..., then L_c_.
import torch

class Ckpt(torch.autograd.Function):
    @staticmethod
    def forward(ctx, run_function, length, *args):
        ctx.run_function = run_function
        ctx.input_tensors = list(args[:length])
        with torch.no_grad():
            return ctx.run_function(*ctx.input_tensors)

    @staticmethod
    def backward(ctx, *grads):
        return (None, None) + (None,) * 6

class Blk(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.a = torch.nn.Linear(4, 4)
        self.b = torch.nn.Linear(4, 4)
    def _forward(self, x, c):
        return self.b(x) + self.a(c)
    def forward(self, x, c):
        return Ckpt.apply(self._forward, 2, *((x, c) + tuple(self.parameters())))

m = torch.compile(Blk(), backend="eager")
with torch.no_grad():
    print(m(torch.randn(2, 4), torch.randn(2, 4)).shape)
    print(m(torch.randn(3, 4), torch.randn(3, 4)).shape)
