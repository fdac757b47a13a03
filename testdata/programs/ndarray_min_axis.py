# Pins: ndarray.min(0) / .max(0) with a positional axis (PINN notebooks: lb = X_star.min(0)); tparse's numpy stub
# raises "ndarray.min() takes 1 positional arguments but 2 were given" and stops the run.
import numpy as np
import torch

X = np.random.uniform(-1, 1, (16, 2))
lb, ub = X.min(0), X.max(0)
net = torch.compile(torch.nn.Linear(2, 1), backend="eager")
x = torch.tensor((X - lb) / (ub - lb)).float()
print(net(x).shape)
