# a tensor passed by keyword to a submodule whose forward(x, **kwargs) reads it with kwargs.get(...) (vocos
# VocosBackbone's bandwidth_id): in real torch it is the FIRST placeholder, before the conv weights and x;
# tparse realizes it at its first graph use (after x). Same op counts (cmp says EQUAL).
import torch
from torch import nn
class Backbone(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Conv1d(4, 8, 3, padding=1)
        self.emb = nn.Embedding(4, 8)
    def forward(self, x, **kwargs):
        bandwidth_id = kwargs.get('bandwidth_id', None)
        x = self.embed(x)
        return x.transpose(1, 2) * self.emb(bandwidth_id)
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.backbone = Backbone()
    def forward(self, feats, bandwidth_id):
        return self.backbone(feats, bandwidth_id=bandwidth_id)
cm = torch.compile(M(), backend="eager")
with torch.no_grad():
    for n, b in ((16, 1), (24, 2)):
        print(cm(torch.randn(2, 4, n), torch.tensor([b])).shape)
