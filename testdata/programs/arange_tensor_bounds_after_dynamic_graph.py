# torch.arange whose bounds are 0-d tensors computed by a dynamic-shape graph: Dynamo breaks (gb0033, data-dependent), then the arange runs eagerly with the real values (from transformers models/funnel/modeling_funnel.py relative_pos)
import torch

torch.manual_seed(0)


def relative_pos(pos, stride, shift=1):
    ref_point = pos[0] - pos[0]
    num_remove = shift * pos.shape[0]
    max_dist = ref_point + num_remove * stride
    min_dist = pos[0] - pos[-1]
    return torch.arange(max_dist, min_dist - 1, -stride, dtype=torch.long)


def attend(x, rel):
    # x: [n, 2n]; the relative vector must have 2n entries
    return (x * rel.float()).sum(-1)


f = torch.compile(relative_pos, backend="eager")
g = torch.compile(attend, backend="eager")
for n in (8, 12, 6):
    rel = f(torch.arange(0, n), 1)
    print(n, tuple(rel.shape), int(rel[0]), int(rel[-1]))
    print(tuple(g(torch.randn(n, 2 * n), rel).shape))
