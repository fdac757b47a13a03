# forms of training scripts: `model = torch.compile(model).to(device)` and `.train()` (nn.Module's methods return
# self, the OptimizedModule: still compiled), a Module overriding __call__ around a compiled one (an EMA wrapper),
# a list subclass of batches, Optimizer.state_dict (parameters packed as indices), a dense gradient's is_sparse
import copy
import torch
import torch.nn as nn

torch.manual_seed(0)
model = torch.compile(nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2)), backend="eager").to("cpu")
model = model.train()


class Batches(list):
    def __init__(self, xs, tag):
        super().__init__(xs)
        self.tag = tag


class EMA(nn.Module):
    def __init__(self, m):
        super().__init__()
        self.m = m

    def __call__(self, *args, **kwargs):
        return self.m(*args, **kwargs)


opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
ema = EMA(model)
for b in Batches([torch.randn(5, 4), torch.randn(5, 4), torch.randn(7, 4)], "train"):
    loss = model(b).pow(2).mean()
    loss.backward()
    for p in model.parameters():
        if p.grad.is_sparse:
            raise RuntimeError("sparse")
    opt.step()
    opt.zero_grad()
    with torch.no_grad():
        ema(b)
sd = copy.deepcopy(opt.state_dict())
print(sorted(sd["state"].keys()), sd["param_groups"][0]["params"])
