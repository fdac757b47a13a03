# A class attribute read through `self` in a compiled module's forward (the instance has no such attribute, the
# class does): Dynamo guards its value, so assigning the class attribute between calls recompiles
import torch


class Attn(torch.nn.Module):
    use_fast = True

    def forward(self, x):
        if self.use_fast:
            return x.sin() + 1
        return x.cos() * 2


f = torch.compile(Attn(), backend="eager")
f(torch.randn(3))
Attn.use_fast = False
f(torch.randn(3))
