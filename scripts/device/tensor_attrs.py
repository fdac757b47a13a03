# torch.Tensor's attribute names (dir(torch.Tensor)) and what nn.Parameter and an instance add, as JSON on stdout: the list
# src/compiler/torch/tensor_attrs.cpp is generated from (scripts/gen_tensor_attrs.py). Run with the device's python.
import json
import torch
names = sorted(dir(torch.Tensor))
extra = sorted(set(dir(torch.nn.Parameter)) - set(names))
inst = sorted(set(dir(torch.randn(2))) - set(names))
print(json.dumps({"tensor": names, "parameter_extra": extra, "instance_extra": inst}))
