# int(np.ceil(H / 7)) read directly on a dynamic size: tparse does not pin H (it does for int(np.ceil(H)), int(np.ceil(H / 7) * 1)), so it keeps one dynamic graph with a stale Hp (from haofanwang/video-swin-transformer-pytorch video_swin_transformer.py BasicLayer.forward)
import numpy as np
import torch

def pad_to_windows(x):
    B, H = x.shape
    Hp = int(np.ceil(H / 7)) * 7
    return torch.nn.functional.pad(x, (0, Hp - H)) * 2

torch.manual_seed(0)
f = torch.compile(pad_to_windows, backend="eager")
print(f(torch.randn(2, 8)).shape)    # Hp 14
print(f(torch.randn(2, 10)).shape)   # Hp 14, recompile with H dynamic
print(f(torch.randn(2, 15)).shape)   # Hp 21
print(f(torch.randn(2, 23)).shape)   # Hp 28
