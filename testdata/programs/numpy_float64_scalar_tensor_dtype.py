# torch.tensor(np.log(x)) is float64 (numpy float64 scalar keeps its dtype); tparse makes it float32 (from minimalRL sac.py PolicyNet.log_alpha)
import numpy as np
import torch

torch.manual_seed(0)
log_alpha = torch.tensor(np.log(0.01))
log_alpha.requires_grad = True


def f(lp):
    return -(log_alpha.exp() * (lp - 1.0).detach()).mean()


g = torch.compile(f, backend="eager")
print(g(torch.randn(4, 1)).dtype)  # torch: exp is f64[], result float64
