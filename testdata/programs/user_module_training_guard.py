# a user module's forward reading `self.training` guards it: after model.eval() then model.apply(set_bn_train) (only
# the BatchNorms train again) neither earlier compile matches, a third compile (IndRNN_pytorch's eval with batch
# statistics)
import torch
import torch.nn as nn
torch.manual_seed(0)


class DropOverTime(nn.Module):
    def __init__(self, p=0.5):
        super().__init__()
        self.p = p

    def forward(self, x):
        if self.training and self.p > 0:
            noise = x.new_ones(x.size(-2), x.size(-1)) * (1 - self.p)
            return x * noise
        return x


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)
        self.bn = nn.BatchNorm1d(4)
        self.drop = DropOverTime()

    def forward(self, x):
        return self.drop(self.bn(self.lin(x)))


def set_bn_train(m):
    if m.__class__.__name__.find('BatchNorm') != -1:
        m.train()


model = torch.compile(Net(), backend="eager")
x = torch.randn(3, 4)
print(model(x).shape)
model.eval()
print(model(x).shape)
model.apply(set_bn_train)
print(model(x).shape)
print(model(torch.randn(5, 4)).shape)
