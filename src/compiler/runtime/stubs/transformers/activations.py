"""tparse stub of transformers.activations: ACT2FN["gelu"] etc. build the same modules the real
table builds (GELUActivation calls nn.functional.gelu; "silu"/"relu"/... are torch.nn modules)."""
__tparse_fallback__ = True  # the real activations.py wins where a source root has it
import math

import torch
from torch import nn


class GELUActivation(nn.Module):
    def __init__(self, use_gelu_python=False):
        super().__init__()
        self.act = nn.functional.gelu

    def forward(self, input):
        return self.act(input)


class NewGELUActivation(nn.Module):
    def forward(self, input):
        return 0.5 * input * (1.0 + torch.tanh(math.sqrt(2.0 / math.pi) * (input + 0.044715 * torch.pow(input, 3.0))))


class FastGELUActivation(nn.Module):
    def forward(self, input):
        return 0.5 * input * (1.0 + torch.tanh(input * 0.7978845608 * (1.0 + 0.044715 * input * input)))


class QuickGELUActivation(nn.Module):
    def forward(self, input):
        return input * torch.sigmoid(1.702 * input)


class PytorchGELUTanh(nn.Module):
    def forward(self, input):
        return nn.functional.gelu(input, approximate="tanh")


class ClassInstantier:
    def __init__(self, mapping):
        self.mapping = mapping

    def __getitem__(self, key):
        content = self.mapping[key]
        if isinstance(content, tuple):
            return content[0](**content[1])
        return content()

    def __contains__(self, key):
        return key in self.mapping


ACT2CLS = {
    "gelu": GELUActivation,
    "gelu_new": NewGELUActivation,
    "gelu_fast": FastGELUActivation,
    "gelu_pytorch_tanh": PytorchGELUTanh,
    "quick_gelu": QuickGELUActivation,
    "relu": nn.ReLU,
    "relu6": nn.ReLU6,
    "sigmoid": nn.Sigmoid,
    "silu": nn.SiLU,
    "swish": nn.SiLU,
    "tanh": nn.Tanh,
    "mish": nn.Mish,
}
ACT2FN = ClassInstantier(ACT2CLS)


def get_activation(activation_string):
    return ACT2FN[activation_string]
