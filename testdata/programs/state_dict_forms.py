# A target network filled from the online one (cleanrl's DQN / SAC / TD3: target.load_state_dict(q.state_dict())),
# both compiled: the second module's call reuses the first's graph (parameters are graph inputs), and the copied
# values make the outputs equal; an AttrDict config (hifi-gan: self.__dict__ = self) read in forward.
import torch
import torch.nn as nn


class AttrDict(dict):
    def __init__(self, *args, **kwargs):
        super(AttrDict, self).__init__(*args, **kwargs)
        self.__dict__ = self


h = AttrDict(dict(hidden=8, scale=2.0))


class Q(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(4, h.hidden), nn.ReLU(), nn.Linear(h.hidden, 2))
        self.register_buffer("steps", torch.zeros(()), persistent=False)

    def forward(self, x):
        return self.net(x) * h.scale


q, target = Q(), Q()
sd = q.state_dict()
print(list(sd.keys()))
print(target.load_state_dict(sd))
cq = torch.compile(q, backend="eager")
ct = torch.compile(target, backend="eager")
x = torch.randn(2, 4)
print(cq(x).shape, ct(x).shape)
