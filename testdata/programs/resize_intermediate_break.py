# Tensor.resize_() is never traced (TensorVariable.method_resize_: GB0126), on an intermediate too: awd-lstm's
# embedded_dropout `weight.data.new().resize_((n, 1)).bernoulli_(1 - p)` breaks there and resumes after the call
import torch
import torch.nn as nn


class Drop(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(10, 4)

    def forward(self, words, p=0.1):
        w = self.embed.weight
        mask = w.data.new().resize_((w.size(0), 1)).bernoulli_(1 - p).expand_as(w) / (1 - p)
        return nn.functional.embedding(words, mask * w)


torch.manual_seed(0)
m = torch.compile(Drop(), backend="eager")
print(m(torch.randint(0, 10, (3, 2))).shape)


@torch.compile(backend="eager")
def grow(x):
    y = x * 2
    y.resize_as_(torch.empty(2, 3))
    return y + 1


print(grow(torch.ones(6)).shape)
