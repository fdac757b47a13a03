# A model class with the Hugging Face hub mixin as a second base (rotary-embedding-torch, hiera, many research
# repos), imported when importlib finds the package: nothing of the hub runs in forward
import importlib.util

import torch
import torch.nn as nn

if importlib.util.find_spec("huggingface_hub") is not None:
    from huggingface_hub import PyTorchModelHubMixin
else:
    class PyTorchModelHubMixin:
        pass


class M(nn.Module, PyTorchModelHubMixin, tags=["tparse"]):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)

    def forward(self, x):
        return self.lin(x).relu() + 1


cm = torch.compile(M(), backend="eager")
cm(torch.randn(3, 4))
cm(torch.randn(5, 4))
