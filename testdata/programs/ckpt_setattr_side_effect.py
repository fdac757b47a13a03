# Pins: a module attribute store (self.cache = ...) inside a torch.utils.checkpoint region of a compiled model
# (open_lm's LLaMARotaryEmbedding.forward does `self.freqs_cis = self.freqs_cis.to(q.device)` under grad checkpointing).
# torch: SideEffects.check_allowed_side_effect raises "HigherOrderOperator: Mutating a variable not in the current
# scope (SideEffects)" while speculating the checkpoint body, so the tag_activation_checkpoint HOP is not formed.
import torch
from torch.utils.checkpoint import checkpoint


class Rot(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.freqs = torch.randn(16, 8)

    def forward(self, x):
        self.freqs = self.freqs.to(x.device)
        return x * self.freqs[: x.shape[0]]


class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 8)
        self.rot = Rot()

    def block(self, x):
        return self.rot(self.lin(x)).relu()

    def forward(self, x):
        return checkpoint(self.block, x, use_reentrant=False).sum()


torch.manual_seed(0)
m = torch.compile(M(), backend="eager")
m(torch.randn(4, 8, requires_grad=True)).backward()
m(torch.randn(6, 8, requires_grad=True)).backward()
print("ok")
