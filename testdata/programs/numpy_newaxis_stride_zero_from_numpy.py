# numpy gives a new axis (x[:, np.newaxis, :]) stride 0, and torch.Tensor / torch.from_numpy of the array keep that
# stride: the compiled model sees an input of stride 0 at dim 1, and a contiguous batch of the same shape recompiles
# on its stride (from mostafaelaraby's wavegan-pytorch WavDataLoader.numpy_to_tensor)
import numpy as np
import torch

torch.manual_seed(0)
np.random.seed(0)

conv = torch.nn.Conv1d(1, 4, 5, stride=2)
f = torch.compile(conv, backend="eager")

x = np.random.uniform(-1, 1, size=(2, 64)).astype(np.float32)
a = torch.Tensor(x[:, np.newaxis, :])
print(a.stride(), round(f(a).sum().item(), 4))
b = torch.from_numpy(x[:, np.newaxis, :])
print(b.stride(), round(f(b).sum().item(), 4))
c = torch.randn(2, 1, 64)
print(c.stride(), round(f(c).sum().item(), 4))
