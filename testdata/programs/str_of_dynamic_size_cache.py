# A module-level cache keyed by `str(t.shape)` (an optical-flow model's sampling grids): with static sizes the key is a
# constant, but once the sizes are dynamic str() of a torch.Size holding SymInts is a builtin Dynamo cannot trace
# (GB0059), and the resume function after it starts static: the ints it takes as locals are plain numbers.
import torch

grid_cache = {}


def warp(img, flow):
    if str(flow.shape) not in grid_cache:
        h, w = flow.shape[2], flow.shape[3]
        ys = torch.linspace(-1.0, 1.0, h).view(1, 1, h, 1).expand(-1, -1, -1, w)
        xs = torch.linspace(-1.0, 1.0, w).view(1, 1, 1, w).expand(-1, -1, h, -1)
        grid_cache[str(flow.shape)] = torch.cat([xs, ys], 1)
    return img + grid_cache[str(flow.shape)].sum()


@torch.compile(backend="eager")
def estimate(img, flow):
    int_h, int_w = img.shape[2], img.shape[3]
    out = warp(img, flow) * 2
    out = torch.nn.functional.interpolate(out, size=(int_h, int_w), mode="bilinear", align_corners=False)
    return out * (float(int_w) / 64.0)


torch.manual_seed(0)
for h, w in [(32, 48), (40, 56), (24, 32)]:
    print(h, w, tuple(estimate(torch.randn(1, 2, h, w), torch.randn(1, 2, h, w)).shape))
