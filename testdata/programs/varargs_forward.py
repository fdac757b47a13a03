# A module whose forward takes `*args, **kwargs` (dinov2's DinoVisionTransformer.forward): the frame is forward
# itself and its tensor is `args[0]`, guarded and automatic-dynamic on that source; a new batch recompiles.
import torch


class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.l = torch.nn.Linear(4, 4)

    def forward(self, *args, is_training=False, **kwargs):
        return self.l(*args).relu()


cm = torch.compile(M(), backend="eager")
for b in (1, 2, 3):
    cm(torch.randn(b, 4))
