# Under dynamic shapes a reshape/view (also the one inside linear on a 4-D input) gets sizes derived from its input by torch's split_dim/collapse: [.., 32] -> (.., W, 4) gives size (32//W), then merging gives 8*((32//W)), and linear on [B, W, W, C] gives [B, W, (W**2)//W, C]; strides of a copying reshape follow the cloned input (from VisionPermutator models/vip.py WeightedPermuteMLP, compile dynamic=True)
import torch
import torch.nn as nn

torch.manual_seed(0)
proj = nn.Conv2d(3, 32, kernel_size=4, stride=4)
mlp_h = nn.Linear(32, 32, bias=False)
mlp_c = nn.Linear(32, 32, bias=False)
norm = nn.LayerNorm(32)
seg = 8


def permute_mlp(img):
    x = norm(proj(img).permute(0, 2, 3, 1))
    B, H, W, C = x.shape
    S = C // seg
    h = x.reshape(B, H, W, seg, S).permute(0, 3, 2, 1, 4).reshape(B, seg, W, H * S)
    h = mlp_h(h).reshape(B, seg, W, H, S).permute(0, 3, 2, 1, 4).reshape(B, H, W, C)
    c = mlp_c(x)
    return h + c


f = torch.compile(permute_mlp, backend="eager", dynamic=True)
print(f(torch.randn(2, 3, 32, 32)).shape)
