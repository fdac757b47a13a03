# copy.deepcopy of an nn.Module after a graph break: Module has no __deepcopy__, so object.__reduce_ex__(4) and
# copy._reconstruct call copyreg.__newobj__(cls) for the module and then for each submodule its state holds, Python
# code run under the callback: frames of their own, guarded on `cls` by identity (a recompile for the ParameterList
# after the outer class); a second submodule of the same class hits the cache (from dragen1860's MAML-Pytorch
# finetunning: `net = deepcopy(self.net)`)
import copy

import torch

torch.manual_seed(0)


class Learner(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.vars = torch.nn.ParameterList([torch.nn.Parameter(torch.randn(3))])
        self.vars_bn = torch.nn.ParameterList([torch.nn.Parameter(torch.ones(3), requires_grad=False)])
        self.head = torch.nn.Linear(3, 2)

    def forward(self, x):
        return self.head(x * self.vars[0] + self.vars_bn[0])


net = Learner()


@torch.compile(backend="eager")
def finetune(x):
    y = x * 2
    n = copy.deepcopy(net)
    return n(y).sum()


for _ in range(2):
    print(round(finetune(torch.randn(4, 3)).item(), 4))
