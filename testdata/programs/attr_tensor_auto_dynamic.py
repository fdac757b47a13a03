# a tensor held as an attribute of a plain Python object argument (DETR's NestedTensor: samples.tensors /
# samples.mask) whose size changes between calls: the recompile marks that dimension dynamic (automatic dynamic,
# source L['s'].tensors.size()[0]) exactly as for a tensor passed directly, so a third size reuses the graph
import torch


class NestedTensor(object):
    def __init__(self, tensors, mask):
        self.tensors = tensors
        self.mask = mask

    def decompose(self):
        return self.tensors, self.mask


@torch.compile(backend="eager")
def f(samples):
    src, mask = samples.decompose()
    y = src.flatten(2).permute(2, 0, 1)
    return y.sum(0) * (~mask).float().sum((1, 2))[:, None], src.shape[-1] // 2


for b, w in ((2, 8), (3, 10), (4, 12)):
    out = f(NestedTensor(torch.randn(b, 3, 4, w), torch.zeros(b, 4, w, dtype=torch.bool)))
print(out[0].shape, out[1])
