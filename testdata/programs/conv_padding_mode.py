# Convolutions with a padding mode other than zeros (vocoders: univnet's padding_mode="reflect"): _ConvNd's
# forward pads the input with F.pad(input, reversed padding repeated twice, mode=...) and convolves with
# padding 0.
import torch
import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Conv1d(4, 4, 7, padding=3, padding_mode="reflect")
        self.b = nn.Conv2d(4, 4, (3, 5), padding=(1, 2), padding_mode="replicate")
        self.c = nn.Conv2d(4, 4, 3, padding=1, padding_mode="circular")

    def forward(self, x):
        h = self.a(x)
        img = h.unsqueeze(-1).expand(-1, -1, -1, 6)
        return self.c(self.b(img))


m = Net()
cm = torch.compile(m, backend="eager")
cm(torch.randn(2, 4, 10))
