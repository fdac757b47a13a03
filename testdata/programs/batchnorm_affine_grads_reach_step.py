# BatchNorm1d on an input that needs no grad: its affine weight and bias still get gradients from backward (the
# normalized output requires grad through them), so a compiled Adam step reads all of the model's grads (from
# shariqiqbal2810's maddpg-pytorch MLPNetwork, `in_fn = nn.BatchNorm1d(input_dim)` before fc1)
import torch
import torch.nn as nn

torch.manual_seed(0)

bn = nn.BatchNorm1d(6)
bn.weight.data.fill_(1)
bn.bias.data.fill_(0)
fc = nn.Linear(6, 3)
params = list(bn.parameters()) + list(fc.parameters())
opt = torch.optim.Adam(params, lr=1e-2)
step = torch.compile(opt.step, backend="eager")

for _ in range(2):
    opt.zero_grad()
    loss = fc(bn(torch.randn(8, 6))).pow(2).mean()
    loss.backward()
    print([p.grad is None for p in params])
    step()
    print(round(loss.item(), 4))
