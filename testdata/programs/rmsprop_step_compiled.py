# RMSprop.step() compiled: Dynamo's OptimizerVariable runs _init_group eagerly (state as graph attributes, no state
# length recompile), then traces _single_tensor_rmsprop (square_avg.mul_().addcmul_(), sqrt, add_(eps), addcdiv_)
# (from pymarl's QMIX learner, RMSprop(alpha=0.99, eps=1e-5))
import torch
import torch.nn as nn

torch.manual_seed(0)
m = nn.Linear(4, 3)
opt = torch.optim.RMSprop(m.parameters(), lr=5e-4, alpha=0.99, eps=1e-5)


@torch.compile(backend="eager")
def step():
    opt.step()


for i in range(3):
    opt.zero_grad()
    m(torch.randn(2, 4)).sum().backward()
    step()
print(m.weight.sum().item() != 0)
