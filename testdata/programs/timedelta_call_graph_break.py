# calling datetime.timedelta(hours=1) inside a compiled frame is a graph break (GB0147 "Unsupported function call"); timedelta / timedelta is not traced (from microsoft/aurora swin3d.py)
from datetime import timedelta
import torch

torch.manual_seed(0)


@torch.compile(backend="eager")
def f(x, lead_time):
    lead_hours = lead_time / timedelta(hours=1)
    t = lead_hours * torch.ones(x.shape[0])
    return x + t[:, None]


print(f(torch.randn(2, 3), timedelta(hours=6)))
