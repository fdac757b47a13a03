# torch.nn.DataParallel (torch/nn/parallel/data_parallel.py) as tparse models it, in Python. tparse's runs are on
# CPU, where DataParallel keeps no device (`device_ids = []`) and its forward calls the wrapped module itself, so
# Dynamo inlines it: the graph's parameters are `net.module.<...>`'s (muzero-general wraps every network in it).
# torch's own file: never a frame of its own, and its lines are not the user's.
import torch
from torch.nn import Module


class DataParallel(Module):
    def __init__(self, module, device_ids=None, output_device=None, dim=0):
        super().__init__()
        torch._C._log_api_usage_once("torch.nn.parallel.DataParallel")
        self.module = module
        self.device_ids = []
        self.dim = dim

    def forward(self, *inputs, **kwargs):
        return self.module(*inputs, **kwargs)
