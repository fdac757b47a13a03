# torch.compile(m) where m is an instance of a torch.nn built-in class whose forward trace_rules skips
# (torch/nn/modules/transformer.py): OptimizedModule compiles external_utils.wrap_inline(m), so the frame is
# `inner` (external_utils.py:67) and guards name the argument args[0] (real torch 2.11: pytorch tutorials'
# nn.TransformerEncoderLayer -> "0/0 inner:67", recompile "tensor 'args[0]' size mismatch at index 0").
import torch
from torch import nn
torch.manual_seed(0)
layer = nn.TransformerEncoderLayer(16, 2, 32, 0.2)
layer.eval()
cm = torch.compile(layer, backend="eager")
with torch.no_grad():
    for s, b in ((8, 2), (12, 3)):
        out = cm(torch.randn(s, b, 16))
print(out.shape)
