# torch.amp.autocast used as a decorator on a module's forward (and custom_fwd style helpers): the decorated
# method runs inside the autocast context, which Dynamo traces as enter / exit nodes around its ops.
import torch


class Attn(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.q = torch.nn.Linear(8, 8)

    @torch.amp.autocast("cpu", enabled=False)
    def scores(self, x):
        q = self.q(x.float())
        return q @ q.transpose(-1, -2)

    def forward(self, x):
        return self.scores(x).softmax(-1)


class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.a = Attn()

    @torch.autocast(device_type="cpu", dtype=torch.bfloat16)
    def forward(self, x):
        return self.a(x) + 1


cm = torch.compile(Net(), backend="eager")
with torch.no_grad():
    cm(torch.randn(2, 4, 8))
