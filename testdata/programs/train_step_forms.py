# the forms of torch.compile a training script uses: `loss.backward()` inside a compiled step (a graph break: Dynamo
# does not trace backward), `Module.compile()` (torch.compile of torch.nn's own _call_impl, whose frame is skipped:
# the user forward it calls is the frame; a model of torch.nn classes only gets no graph) and fullgraph=True on a
# function that breaks (the Unsupported error reaches the script, no graph is kept).
import torch
import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(4, 8)
        self.fc2 = nn.Linear(8, 2)

    def forward(self, x):
        return self.fc2(self.fc1(x).relu())


net = Net()


@torch.compile(backend="eager")
def step(x, y):
    loss = nn.functional.mse_loss(net(x), y)
    loss.backward()
    return loss.detach() * 2


for b in (2, 3):
    print(step(torch.randn(b, 4), torch.randn(b, 2)).shape)

other = Net()
other.compile(backend="eager")
print(other(torch.randn(2, 4)).shape)
print(other(torch.randn(5, 4)).shape)

seq = nn.Sequential(nn.Linear(4, 4), nn.ReLU(), nn.Linear(4, 1))
seq.compile(backend="eager")
print(seq(torch.randn(2, 4)).shape)


def branchy(x):
    y = x.sin()
    if y.sum() > 0:
        return y.cos()
    return y


try:
    torch.compile(branchy, backend="eager", fullgraph=True)(torch.ones(4))
    print("no error")
except Exception as e:
    print("error:", type(e).__name__, str(e).splitlines()[0])
print(torch.compile(lambda x: x.relu() + 1, backend="eager", fullgraph=True)(torch.randn(3)).shape)
