# math.log with a base (SwinIR's Upsample: `for _ in range(int(math.log(scale, 2)))`): log(x) / log(base) in
# doubles, so int() of it is 1 for 2 and 3 for 8; the layers built from it are in the graph
import math

import torch
import torch.nn as nn

layers = [nn.Linear(4, 4) for _ in range(int(math.log(2, 2)))]
layers += [nn.Linear(4, 4) for _ in range(int(math.log(8, 2)))]
m = nn.Sequential(*layers, nn.ReLU())
cm = torch.compile(m, backend="eager")
cm(torch.randn(2, 4))
cm(torch.randn(2, 4))
