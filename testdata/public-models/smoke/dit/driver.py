# tparse smoke driver (our code) for github.com/facebookresearch/DiT at ed81ce2; source root: <repo>/.
import torch
from models import DiT
torch.manual_seed(0)
m = DiT(input_size=8, patch_size=2, in_channels=4, hidden_size=64, depth=2, num_heads=4, num_classes=10)
cm = torch.compile(m, backend="eager")
x = torch.randn(2, 4, 8, 8)
t = torch.randint(0, 1000, (2,))
y = torch.randint(0, 10, (2,))
cm(x, t, y)
