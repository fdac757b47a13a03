# torch.compile(opt.step) for SGD: Dynamo traces torch/optim's Python (Optimizer's step wrapper, _use_grad's two
# torch._dynamo.graph_break() calls, the single-tensor loop); plain SGD, then momentum (the first step creates each
# momentum buffer, later steps read it: a recompile), then weight decay with nesterov
import torch
import torch.nn as nn

torch.manual_seed(0)
m = nn.Sequential(nn.Linear(4, 3), nn.ReLU(), nn.Linear(3, 2))
for kw in ({"lr": 0.1}, {"lr": 0.1, "momentum": 0.9}, {"lr": 0.05, "momentum": 0.9, "weight_decay": 1e-4, "nesterov": True}):
    opt = torch.optim.SGD(m.parameters(), **kw)
    step = torch.compile(opt.step, backend="eager")
    for _ in range(3):
        m(torch.randn(2, 4)).sum().backward()
        step()
        opt.zero_grad()
print(m[0].weight.shape)
