# constructing an nn.Module (a loss) inside the compiled frame: Module.__init__'s torch._C._log_api_usage_once('python.nn_module') stays in the graph as a node per construction; tparse emits none (from eriklindernoren/PyTorch-YOLOv3 utils/loss.py compute_loss: BCEcls = nn.BCEWithLogitsLoss(pos_weight=...))
import torch
import torch.nn as nn
torch.manual_seed(0)

def f(x, t):
    BCEcls = nn.BCEWithLogitsLoss(pos_weight=torch.tensor([1.0]))
    BCEobj = nn.BCEWithLogitsLoss(pos_weight=torch.tensor([1.0]))
    return BCEcls(x, t) + BCEobj(x * 2, t)

cf = torch.compile(f, backend="eager")
print(cf(torch.randn(4), torch.rand(4)))   # torch: one graph with _log_api_usage_once = torch._C._log_api_usage_once('python.nn_module') twice
