# torch.linspace whose end and steps are 0-d tensors (rows of a tensor argument), as in Deformable-DETR's
# get_reference_points: torch.linspace(0.5, H_ - 0.5, H_) for H_, W_ in spatial_shapes. steps must be an int, so
# dynamo needs the tensor's value (a data-dependent read).
import torch


@torch.compile(backend="eager")
def f(shapes, ratios):
    refs = []
    for lvl, (h, w) in enumerate(shapes):
        ys, xs = torch.meshgrid(torch.linspace(0.5, h - 0.5, h), torch.linspace(0.5, w - 0.5, w))
        refs.append(torch.stack((xs.reshape(-1)[None] / (ratios[:, None, lvl, 0] * w),
                                 ys.reshape(-1)[None] / (ratios[:, None, lvl, 1] * h)), -1))
    return torch.cat(refs, 1)


shapes = torch.tensor([[4, 4], [2, 2]])
f(shapes, torch.ones(2, 2, 2))
f(shapes, torch.ones(3, 2, 2))
