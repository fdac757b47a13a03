"""tparse stub of einops.layers.torch (einops 0.8): Rearrange and Reduce are nn.Modules whose forward runs the
pattern's recipe (einops._torch_specific.apply_for_scriptable_torch), which Dynamo traces: a reshape, a permute,
a reduction and a final reshape, each only where the pattern needs it (runtime builtin __tparse_einops_layer__,
torch/interop/einops.cpp). The functional rearrange / repeat / reduce stay single graph nodes (einops.cpp)."""
import torch
from einops import __tparse_einops_layer__


class Rearrange(torch.nn.Module):
    def __init__(self, pattern, **axes_lengths):
        super().__init__()
        self.pattern = pattern
        self.axes_lengths = axes_lengths

    def forward(self, input):
        return __tparse_einops_layer__(input, self.pattern, "rearrange", self.axes_lengths)

    def extra_repr(self):
        return repr(self.pattern)


class Reduce(torch.nn.Module):
    def __init__(self, pattern, reduction, **axes_lengths):
        super().__init__()
        self.pattern = pattern
        self.reduction = reduction
        self.axes_lengths = axes_lengths

    def forward(self, input):
        return __tparse_einops_layer__(input, self.pattern, self.reduction, self.axes_lengths)

    def extra_repr(self):
        return "{!r}, {!r}".format(self.pattern, self.reduction)
