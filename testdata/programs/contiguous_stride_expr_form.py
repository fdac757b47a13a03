# strides of .contiguous() on a dynamic permuted conv output are built innermost-first (2*W is expanded to 2*w' + 2 before multiplying by H): torch prints (((s0-1)//4) + 1)*(2*((s1-1)//4) + 2), tparse 2*(...)*(...) (from xingyizhou/CenterNet models/utils.py _transpose_and_gather_feat on a head output)
import torch
import torch.nn as nn
torch.manual_seed(0)
head = nn.Conv2d(3, 2, 3, stride=4, padding=1)

def f(x):
    feat = head(x).permute(0, 2, 3, 1).contiguous()
    return feat.view(feat.size(0), -1, feat.size(3))

cf = torch.compile(f, backend="eager")
with torch.no_grad():
    print(cf(torch.randn(1, 3, 64, 64)).shape)
    print(cf(torch.randn(1, 3, 96, 80)).shape)   # torch: feat stride [(((s0 - 1)//4) + 1)*(2*(((s1 - 1)//4)) + 2), 2*(((s1 - 1)//4)) + 2, 2, 1]
