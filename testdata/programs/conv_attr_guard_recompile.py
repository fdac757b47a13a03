# Conv2d's _conv_forward reads padding_mode, stride, padding, dilation and groups: Dynamo guards each constant on the
# module's source (EQUALS_MATCH under the conv's node). One forward code compiled for layers of different dilation
# fails on the next layer's padding, a recompile per layer (from L0SG's NanoFlow: its WaveNet layer forward, a frame of
# its own after breaks, called for every layer); a layer with the same constants hits the cache
import torch
import torch.nn as nn

torch.manual_seed(0)


class Layer(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.conv = nn.Conv2d(2, 2, 3, dilation=(1, d), padding=(1, d))

    def forward(self, x):
        return torch.tanh(self.conv(x)) + x


layers = [Layer(d) for d in (1, 2, 4, 1)]
x = torch.randn(1, 2, 8, 16)
with torch.no_grad():
    for layer in layers:
        x = torch.compile(layer, backend="eager")(x)
print(x.shape)
