# An EMA of parameters kept through weak references (an EMA library's `[weakref.ref(p) for p in parameters]`, then
# `p()` each update): in the compiled update the referent is a graph input named by its call (`L['self'].refs[0]()`),
# and `min(decay, (1 + n) / (10 + n))` of the counter, dynamic after it changes, is a torch.sym_min of a SymFloat.
import weakref

import torch
import torch.nn as nn


class EMA:
    def __init__(self, parameters, decay=0.995):
        parameters = list(parameters)
        self.decay = decay
        self.num_updates = 0
        self.shadow = [p.clone().detach() for p in parameters]
        self.refs = [weakref.ref(p) for p in parameters]

    def update(self):
        params = [r() for r in self.refs]
        if any(p is None for p in params):
            raise ValueError("a parameter was collected")
        self.num_updates += 1
        decay = min(self.decay, (1 + self.num_updates) / (10 + self.num_updates))
        one_minus = 1.0 - decay
        with torch.no_grad():
            for s, p in zip(self.shadow, params):
                s.sub_((s - p) * one_minus)


torch.manual_seed(0)
model = nn.Linear(6, 3)
ema = EMA(model.parameters())
update = torch.compile(ema.update, backend="eager")
opt = torch.optim.SGD(model.parameters(), lr=0.1)
for step in range(4):
    loss = model(torch.randn(5, 6)).pow(2).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
    update()
print(ema.num_updates, round(float(ema.shadow[0].sum()), 4))
