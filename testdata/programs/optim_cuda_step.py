# torch.compile(opt.step) on CUDA parameters: SGD, SGD with momentum, Adam and AdamW take torch.optim's foreach
# (multi-tensor) paths there: one _foreach_* node per list; Adam's step counts live on the device (capturable)
import torch
import torch.nn as nn

torch.manual_seed(0)
dev = "cuda"
m = nn.Sequential(nn.Linear(4, 3), nn.ReLU(), nn.Linear(3, 2)).to(dev)
for cls, kw in ((torch.optim.SGD, {"lr": 0.1}), (torch.optim.SGD, {"lr": 0.1, "momentum": 0.9}),
                (torch.optim.Adam, {"lr": 1e-3}), (torch.optim.AdamW, {"lr": 1e-3, "weight_decay": 0.05})):
    opt = cls(m.parameters(), **kw)
    step = torch.compile(opt.step, backend="eager")
    for _ in range(3):
        m(torch.randn(2, 4, device=dev)).sum().backward()
        step()
        opt.zero_grad()
print(m[0].weight.shape)
