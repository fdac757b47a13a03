# Placeholder order probe: nn.Conv1d on a frame input directly; torch's _conv_forward(input, self.weight, self.bias)
# loads weight and bias before the call binds input.
import torch

conv = torch.nn.Conv1d(4, 4, 3, padding=1)


@torch.compile(backend="eager")
def f(x):
    return conv(x).relu()


for n in (8, 12):
    f(torch.randn(2, 4, n))
