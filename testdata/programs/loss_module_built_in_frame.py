# an nn.CrossEntropyLoss() constructed inside the compiled frame: torch records no _log_api_usage_once node and prints cross_entropy with all 8 arguments positional (None, None, -100, None, 'mean', 0.0); tparse adds the _log_api_usage_once node and prints keywords (from ViT-pytorch models/modeling.py VisionTransformer.forward)
import torch
import torch.nn as nn
from torch.nn import CrossEntropyLoss

torch.manual_seed(0)
head = nn.Linear(8, 5)


@torch.compile(backend="eager")
def f(x, labels):
    logits = head(x)
    loss_fct = CrossEntropyLoss()
    return loss_fct(logits.view(-1, 5), labels.view(-1))


print(round(float(f(torch.randn(4, 8), torch.randint(0, 5, (4,)))), 4))
