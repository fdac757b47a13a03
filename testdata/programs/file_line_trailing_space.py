# `# File:` code excerpt of a source line with trailing whitespace: torch strips it, tparse keeps it (from dgcnn pytorch/model.py:48, deit cait_models.py:113)
import torch

torch.manual_seed(0)


def f(x):
    y = x.view(2, 3, 4) 
    return y.sum(-1)   


g = torch.compile(f, backend="eager")
print(g(torch.randn(24)).shape)
