# A lambda stored as a module attribute that closes over a submodule: its parameters are graph inputs named by
# the source path self.<attr>.__closure__[0].cell_contents (L_self_mlpf_closure_0_cell_contents_modules_fc_parameters_weight_), not L_tmpN_ (from karpathy/makemore makemore.py Block.mlpf)
import torch
import torch.nn as nn


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.mlp = nn.ModuleDict(dict(fc=nn.Linear(8, 16), proj=nn.Linear(16, 8)))
        m = self.mlp
        self.mlpf = lambda x: m.proj(torch.tanh(m.fc(x)))

    def forward(self, x):
        return x + self.mlpf(x)


torch.manual_seed(0)
f = torch.compile(Block(), backend="eager")
print(f(torch.randn(2, 8)).shape)
