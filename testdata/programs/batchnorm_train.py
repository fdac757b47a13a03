# BatchNorm in training mode counts batches (`self.num_batches_tracked.add_(1)`, a call_method node); without a
# momentum it divides by float(num_batches_tracked), a Tensor.item() that breaks the graph; in eval neither
import torch
import torch.nn as nn

net = nn.Sequential(nn.Conv2d(3, 4, 3), nn.BatchNorm2d(4), nn.ReLU())
cm = torch.compile(net, backend="eager")
cm(torch.randn(2, 3, 8, 8))
net.eval()
cm(torch.randn(2, 3, 8, 8))

cum = nn.Sequential(nn.Linear(4, 4), nn.ReLU(), nn.BatchNorm1d(4, momentum=None), nn.Linear(4, 2))
cc = torch.compile(cum, backend="eager")
cc(torch.randn(3, 4))
