# torch.compile(opt.step) for Adam and AdamW (single-tensor path on CPU: the step count is a tensor, the bias
# corrections are graph nodes), then Adam with weight decay and amsgrad
import torch
import torch.nn as nn

torch.manual_seed(0)
m = nn.Linear(4, 2)
for cls, kw in ((torch.optim.Adam, {"lr": 1e-3}), (torch.optim.AdamW, {"lr": 1e-3}),
                (torch.optim.Adam, {"lr": 1e-3, "weight_decay": 0.01, "amsgrad": True})):
    opt = cls(m.parameters(), **kw)
    step = torch.compile(opt.step, backend="eager")
    for _ in range(3):
        m(torch.randn(3, 4)).sum().backward()
        step()
        opt.zero_grad()
print(m.weight.shape)
