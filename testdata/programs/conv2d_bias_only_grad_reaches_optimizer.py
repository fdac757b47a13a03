# F.conv2d whose only grad-requiring operand is the bias: backward() gives the bias a .grad, so a compiled SGD step updates it (from cifar10-airbench airbench94_muon.py)
import torch
import torch.nn.functional as F
torch.manual_seed(0)
conv = torch.nn.Conv2d(3, 4, 2)
conv.weight.requires_grad = False          # whitening conv: frozen weight, trainable bias
head = torch.nn.Linear(4 * 3 * 3, 2, bias=False)
opt = torch.optim.SGD([conv.bias, head.weight], lr=0.1, momentum=0.9)

def step(x):
    y = F.conv2d(x, conv.weight, conv.bias)
    loss = head(y.flatten(1)).sum()
    loss.backward()                          # graph break; resumed frame runs opt.step()
    opt.step()
    opt.zero_grad(set_to_none=True)
    return loss.detach()

f = torch.compile(step, backend="eager")
print(f(torch.randn(2, 3, 4, 4)))
print(conv.bias.grad, conv.bias.abs().sum() > 0)
