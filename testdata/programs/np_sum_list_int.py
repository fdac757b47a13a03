# np.int(np.sum(list_of_ints)) at model build time gives the int sum; tparse's numpy stub returns an unknown value that becomes 0 channels (from HRNet/HRNet-Semantic-Segmentation seg_hrnet.py last_inp_channels)
import numpy as np
import torch
import torch.nn as nn
torch.manual_seed(0)
pre_stage_channels = [8, 16, 32, 64]
last_inp_channels = int(np.sum(pre_stage_channels))     # 120
head = nn.Sequential(nn.Conv2d(last_inp_channels, last_inp_channels, 1), nn.BatchNorm2d(last_inp_channels), nn.ReLU(),
                     nn.Conv2d(last_inp_channels, 5, 1))
head.eval()

def f(x):
    return head(x).argmax(1)

cf = torch.compile(f, backend="eager")
print(cf(torch.randn(1, 120, 8, 8)).shape)    # torch: torch.Size([1, 8, 8]); one graph with two convs of 120 in-channels
