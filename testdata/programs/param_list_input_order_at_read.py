# A tensor is wrapped (its placeholder created) when its VariableTracker is realized, i.e. when it is read (`w = self.vars[0]`), not when an op first uses it; a lazy frame arg x passed later comes after (from MAML-Pytorch learner.py Learner.forward)
import torch
import torch.nn.functional as F
from torch import nn

class Learner(nn.Module):
    def __init__(self):
        super().__init__()
        self.vars = nn.ParameterList([nn.Parameter(torch.randn(4, 4)), nn.Parameter(torch.randn(4)),
                                      nn.Parameter(torch.ones(4)), nn.Parameter(torch.zeros(4))])
        self.vars_bn = nn.ParameterList([nn.Parameter(torch.zeros(4), requires_grad=False),
                                         nn.Parameter(torch.ones(4), requires_grad=False)])

    def forward(self, x):
        w, b = self.vars[0], self.vars[1]                    # placeholders: vars_0, vars_1
        x = F.linear(x, w, b)                                # then x
        w, b = self.vars[2], self.vars[3]                    # then vars_2, vars_3
        rm, rv = self.vars_bn[0], self.vars_bn[1]            # then vars_bn_0, vars_bn_1
        return F.batch_norm(x, rm, rv, weight=w, bias=b, training=True)

g = torch.compile(Learner(), backend="eager")
print(g(torch.randn(3, 4)).shape)
