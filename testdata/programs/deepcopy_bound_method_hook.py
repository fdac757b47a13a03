# copy.deepcopy of a module whose forward hook is its own bound method must rebind the hook to the copy (from byol-pytorch byol_pytorch.py)
import copy
import torch
from torch import nn
torch.manual_seed(0)
class W(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(4, 4), nn.ReLU(), nn.Linear(4, 2))
        self.hidden = {}
        self.net[1].register_forward_hook(self._hook)
    def _hook(self, _, input, output):
        self.hidden["h"] = output.flatten(1)
    def forward(self, x):
        self.hidden.clear()
        self.net(x)
        h = self.hidden["h"]
        self.hidden.clear()
        return h * 2
w = W()
w2 = copy.deepcopy(w)
f = torch.compile(w2, backend="eager")
print(f(torch.randn(2, 4)).shape, len(w.hidden))
