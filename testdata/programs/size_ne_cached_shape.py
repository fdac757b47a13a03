# A module caches the last input's shape and rebuilds its anchors when the shape changes (`if self.shape != shape`,
# YOLOv8's detect head): torch.Size compared with torch.Size inside a compiled forward, static then dynamic sizes
import torch


class Head(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.shape = None
        self.anchors = torch.empty(0)

    def forward(self, x):
        shape = x.shape
        if self.shape != shape:
            self.anchors = torch.arange(x.shape[2] * x.shape[3], dtype=torch.float32)
            self.shape = shape
        return x.flatten(2) + self.anchors


torch.manual_seed(0)
m = torch.compile(Head(), backend="eager")
for h in (4, 4, 6, 8, 8):
    y = m(torch.randn(1, 3, h, h))
    print(tuple(y.shape), float(y.sum().round()))
