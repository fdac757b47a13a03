# A frame skipped for a break inside a loop reruns eagerly from its start on the objects as they were: the stores
# its trace made before the break are not kept (Dynamo replays side effects only after a successful compile).
# transformers' big_bird sets `self.attention_type` and then builds new attention modules in a loop (a GB0264 break).
import torch
from torch import nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.mode = "a"
        self.count = 0
        self.lin = nn.Linear(4, 4)

    def switch(self, v):
        if v == self.mode:
            return
        self.mode = v
        for i in range(2):
            self.count += 1
            torch._dynamo.graph_break()

    def forward(self, x):
        self.switch("b")
        if self.count == 2:
            return self.lin(x).relu()
        return x * 2


m = M()
cm = torch.compile(m, backend="eager")
print(cm(torch.randn(2, 4)).shape, m.mode, m.count)
print(cm(torch.randn(2, 4)).shape, m.mode, m.count)
