# torch.nn.init's initialisers as Dynamo inlines them in a frame (Python of ours after the structure of torch 2.11's
# torch/nn/init.py; the `#@` lines give the nodes torch's own `# File:` line): each ends in one in-place op under
# `torch.no_grad()` (the `_set_grad_enabled` nodes around it). Eagerly tparse keeps its own rule (builtins_model.cpp:
# the values are not modelled); only a call inside a compiled frame comes here.
import math

import torch


def _no_grad_uniform_(tensor, a, b, generator=None):
    with torch.no_grad():
        return tensor.uniform_(a, b, generator=generator)  #@ nn/init.py:73


def _no_grad_normal_(tensor, mean, std, generator=None):
    with torch.no_grad():
        return tensor.normal_(mean, std, generator=generator)  #@ nn/init.py:83


def _no_grad_fill_(tensor, val):
    with torch.no_grad():
        return tensor.fill_(val)  #@ nn/init.py:132


def _no_grad_zero_(tensor):
    with torch.no_grad():
        return tensor.zero_()  #@ nn/init.py:137


def _calculate_correct_fan(tensor, mode):
    mode = mode.lower()
    if mode not in ["fan_in", "fan_out"]:
        raise ValueError(f"Mode {mode} not supported, please use one of ['fan_in', 'fan_out']")
    fan_in, fan_out = torch.nn.init._calculate_fan_in_and_fan_out(tensor)
    return fan_in if mode == "fan_in" else fan_out


def uniform_(tensor, a=0.0, b=1.0, generator=None):
    return _no_grad_uniform_(tensor, a, b, generator)


def normal_(tensor, mean=0.0, std=1.0, generator=None):
    return _no_grad_normal_(tensor, mean, std, generator)


def constant_(tensor, val):
    return _no_grad_fill_(tensor, val)


def ones_(tensor):
    return _no_grad_fill_(tensor, 1.0)


def zeros_(tensor):
    return _no_grad_zero_(tensor)


def xavier_uniform_(tensor, gain=1.0, generator=None):
    fan_in, fan_out = torch.nn.init._calculate_fan_in_and_fan_out(tensor)
    std = gain * math.sqrt(2.0 / float(fan_in + fan_out))
    a = math.sqrt(3.0) * std
    return _no_grad_uniform_(tensor, -a, a, generator)


def xavier_normal_(tensor, gain=1.0, generator=None):
    fan_in, fan_out = torch.nn.init._calculate_fan_in_and_fan_out(tensor)
    std = gain * math.sqrt(2.0 / float(fan_in + fan_out))
    return _no_grad_normal_(tensor, 0.0, std, generator)


def kaiming_uniform_(tensor, a=0, mode="fan_in", nonlinearity="leaky_relu", generator=None):
    if 0 in tensor.shape:
        return tensor
    fan = _calculate_correct_fan(tensor, mode)
    gain = torch.nn.init.calculate_gain(nonlinearity, a)
    std = gain / math.sqrt(fan)
    bound = math.sqrt(3.0) * std
    with torch.no_grad():
        return tensor.uniform_(-bound, bound, generator=generator)  #@ nn/init.py:575


def kaiming_normal_(tensor, a=0, mode="fan_in", nonlinearity="leaky_relu", generator=None):
    if 0 in tensor.shape:
        return tensor
    fan = _calculate_correct_fan(tensor, mode)
    gain = torch.nn.init.calculate_gain(nonlinearity, a)
    std = gain / math.sqrt(fan)
    with torch.no_grad():
        return tensor.normal_(0, std, generator=generator)  #@ nn/init.py:628
