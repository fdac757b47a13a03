# parameters of submodules reached by iterating nn.ModuleDict.items() (melgan-neurips NLayerDiscriminator /
# Discriminator, a global module called from a compiled function) keep their attribute source in real torch:
# placeholders G_net_modules_model_modules_layer_0_parameters_weight_ ... (seen in the melgan_disc_train real trace);
# tparse loses the source and names them L_tmp1_, L_tmp2_, ... (and orders x before them).
import torch
from torch import nn
class D(nn.Module):
    def __init__(self):
        super().__init__()
        self.model = nn.ModuleDict()
        self.model["layer_0"] = nn.Conv1d(1, 2, 3)
        self.model["layer_1"] = nn.Conv1d(2, 2, 3)
    def forward(self, x):
        for key, layer in self.model.items():
            x = layer(x)
        return x
net = D()
@torch.compile(backend="eager")
def f(x):
    return net(x).mean()
for n in (16, 24):
    print(f(torch.randn(2, 1, n)))
