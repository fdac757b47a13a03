# Tensor.split with a list of 0-d tensors as sizes (products of rows of a tensor argument), as in Deformable-DETR's
# ms_deform_attn_core_pytorch: value.split([H_ * W_ for H_, W_ in value_spatial_shapes], dim=1). Eager accepts the
# 0-d integer tensors (via __index__); under dynamo each size needs the tensor's value (a data-dependent read).
import torch


@torch.compile(backend="eager")
def f(v, shapes):
    sizes = [h * w for h, w in shapes]
    parts = v.split(sizes, dim=1)
    return [p.sum(1) for p in parts]


shapes = torch.tensor([[4, 4], [2, 2]])
f(torch.randn(2, 20, 3), shapes)
f(torch.randn(3, 20, 3), shapes)
