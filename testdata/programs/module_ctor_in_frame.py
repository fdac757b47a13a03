# torch.nn modules built inside a compiled forward (nlp-tutorial's BERT and TextCNN): one without parameters
# (Softmax, ReLU, MaxPool2d) is traced (its nn.Module.__init__'s _log_api_usage_once is a node); one with parameters
# (Linear, LayerNorm) calls nn.Parameter() in its __init__: GB0264, the construction runs eagerly.
import torch
from torch import nn


class A(nn.Module):
    def __init__(self):
        super().__init__()
        self.q = nn.Linear(8, 8)

    def forward(self, x):
        s = nn.Softmax(dim=-1)(self.q(x))
        s = nn.ReLU()(s)
        return nn.MaxPool2d((2, 1))(s.unsqueeze(1))


class B(nn.Module):
    def __init__(self):
        super().__init__()
        self.q = nn.Linear(8, 8)

    def forward(self, x):
        out = nn.Linear(8, 8)(self.q(x))
        return nn.LayerNorm(8)(out + x)


x = torch.randn(2, 4, 8)
print(torch.compile(A(), backend="eager")(x).shape)
print(torch.compile(B(), backend="eager")(x).shape)
