# A forward that stores a fresh dict on self and fills it by tuple keys (monodepth-style decoders' `self.outputs = {}`
# then `self.outputs[("disp", i)] = ...`): Dynamo hands the stored dict back on the later reads, a variable without a
# source, so its keys are not guarded. Train once, then eval under no_grad three times: one recompile (grad mode),
# none after. A list and a plain object made in the frame and stored likewise; a dict from before the frame, filled
# in it, is guarded.
import torch
import torch.nn as nn


class Rec:
    pass


class Decoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)
        self.scales = range(3)
        self.cache = {}

    def forward(self, x):
        self.outputs = {}
        self.trail = []
        self.rec = Rec()
        for i in range(2, -1, -1):
            x = self.lin(x)
            if i in self.scales:
                self.outputs[("disp", i)] = torch.sigmoid(x)
                self.trail.append(x.sum())
        self.rec.last = x
        if "hits" not in self.cache:
            self.cache["hits"] = 0
        self.cache["hits"] = self.cache["hits"] + 1
        return self.outputs, len(self.trail), self.rec.last


m = torch.compile(Decoder(), backend="eager")
out, n, last = m(torch.rand(2, 4))
print(sorted(out.keys()), n, tuple(last.shape))
with torch.no_grad():
    for k in range(3):
        out, n, last = m(torch.rand(2, 4))
        print(k, len(out), n, m.cache["hits"])
