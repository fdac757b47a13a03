# nn.ReLU6 / nn.Hardtanh under dynamic=True: min_val / max_val are unspecialized float inputs (f64 graph inputs + .item() -> Sym(zfN)), not constants 0.0 / 6.0 (from pytorch-cifar100 models/mobilenetv2.py)
import torch
import torch.nn as nn

torch.manual_seed(0)
m = nn.Sequential(nn.Linear(8, 8), nn.ReLU6(inplace=True), nn.Linear(8, 4), nn.Hardtanh(-1.0, 2.0))
m.eval()
f = torch.compile(m, backend="eager", dynamic=True)
with torch.no_grad():
    print(f(torch.randn(2, 8)).shape)
    print(f(torch.randn(5, 8)).shape)
