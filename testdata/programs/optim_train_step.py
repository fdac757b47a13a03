# a whole training step under @torch.compile: zero_grad (skipped by Dynamo: GB0008), forward, loss, backward (GB0123),
# optimizer.step (its _use_grad graph breaks), for SGD with momentum and for Adam
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
m = nn.Linear(4, 3)
opt = torch.optim.SGD(m.parameters(), lr=0.1, momentum=0.9)
m2 = nn.Linear(4, 3)
opt2 = torch.optim.Adam(m2.parameters(), lr=1e-3)


@torch.compile(backend="eager")
def train_step(model, optimizer, x, y):
    optimizer.zero_grad()
    loss = F.cross_entropy(model(x), y)
    loss.backward()
    optimizer.step()
    return loss.detach()


for _ in range(3):
    print(train_step(m, opt, torch.randn(5, 4), torch.randint(0, 3, (5,))).shape)
for _ in range(2):
    print(train_step(m2, opt2, torch.randn(5, 4), torch.randint(0, 3, (5,))).shape)
