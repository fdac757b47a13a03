# dynamic=True: a plain tensor attribute of a module (not Parameter/buffer) gets dynamic sizes, duck-sized with the input's batch (both 2); a later static use specializes both, so batch 5 recompiles (from LeViT levit.py Attention.ab + utils.replace_batchnorm)
import torch
import torch.nn as nn
torch.manual_seed(0)

class Attn(nn.Module):
    def __init__(self):
        super().__init__()
        self.qk = nn.Linear(16, 32)
        self.ab = torch.randn(2, 4, 4)   # cached bias, plain tensor attribute (as LeViT's train(False) sets self.ab)

    def forward(self, x):
        B, N, C = x.shape
        q, k = self.qk(x).view(B, N, 2, 16).permute(0, 2, 1, 3).split(8, dim=3)
        attn = q @ k.transpose(-2, -1) + self.ab
        return attn.softmax(-1).sum((1, 2, 3))

m = Attn().eval()
f = torch.compile(m, backend="eager", dynamic=True)
with torch.no_grad():
    print(f(torch.randn(2, 4, 16)).shape)
    print(f(torch.randn(5, 4, 16)).shape)
