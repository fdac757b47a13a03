# A module held as a plain frame local is realized by its first use, here `vars is None`: its TYPE_MATCH guard comes
# there, so a call with a plain list of tensors for it recompiles (from dragen1860's MAML-Pytorch Learner.forward, which
# takes the net's ParameterList or a list of fast weights)
import torch
import torch.nn.functional as F

torch.manual_seed(0)


class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.vars = torch.nn.ParameterList([torch.nn.Parameter(torch.randn(4, 3)), torch.nn.Parameter(torch.zeros(4))])

    def forward(self, x, vars=None):
        if vars is None:
            vars = self.vars
        w, b = vars[0], vars[1]
        return F.linear(x, w, b).relu()


net = Net()
f = torch.compile(net, backend="eager")
x = torch.randn(2, 3)
print(round(f(x).sum().item(), 4))
print(round(f(x, net.vars).sum().item(), 4))
fast = [p - 0.1 for p in net.vars]
print(round(f(x, fast).sum().item(), 4))
print(round(f(x, fast).sum().item(), 4))
