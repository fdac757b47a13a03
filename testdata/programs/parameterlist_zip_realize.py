# iterating an nn.ParameterList in zip with ModuleLists (vocos ResBlock1: for c1, c2, gamma in zip(convs1, convs2,
# self.gamma)): real torch makes each gamma[i] a graph input when the loop reaches it, before c1's parameters
# (vocos_resnet_imdct real trace: ..._gamma_parameters_0_ precedes ..._convs1_modules_0_parameters_*); tparse
# realizes gamma[i] at its first use (gamma * xt), after c2's parameters. Same op counts (cmp says EQUAL).
import torch
from torch import nn
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.convs1 = nn.ModuleList([nn.Conv1d(4, 4, 3, padding=1) for _ in range(2)])
        self.convs2 = nn.ModuleList([nn.Conv1d(4, 4, 1) for _ in range(2)])
        self.gamma = nn.ParameterList([nn.Parameter(0.1 * torch.ones(4, 1)) for _ in range(2)])
    def forward(self, x):
        x = x * 2
        for c1, c2, gamma in zip(self.convs1, self.convs2, self.gamma):
            xt = c2(torch.nn.functional.leaky_relu(c1(x), 0.1))
            if gamma is not None:
                xt = gamma * xt
            x = xt + x
        return x
cm = torch.compile(M(), backend="eager")
with torch.no_grad():
    for n in (16, 24):
        print(cm(torch.randn(2, 4, n)).shape)
