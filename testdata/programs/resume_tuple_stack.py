# A submodule that breaks and returns a tuple: the caller's resume function receives the tuple on its stack, its
# tensors guarded as `___stack0[0]`, `___stack0[1]`; a longer sequence in the second call recompiles every frame
import torch


class Sub(torch.nn.Module):
    def forward(self, x):
        y = x * 2
        print("break")
        return y + 1, y


class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.sub = Sub()

    def forward(self, x):
        dtype = x.dtype
        q, e = self.sub(x)
        q = q.type(dtype)
        return q, e


cm = torch.compile(M(), backend="eager")
cm(torch.randn(1, 16, 32))
cm(torch.randn(1, 24, 32))
