# np.shape(arr) (the function, not arr.shape) in eager numpy code before a compiled call (PredRNN's reshape_patch):
# np.shape(a) is a.shape, a tuple of ints, so the reshapes work.
# Expected torch 2.11 behaviour (backend="eager"): 1 compile, 1 graph (x.sin() + 1), no break.
import numpy as np
import torch

a = np.random.rand(2, 4, 6).astype(np.float32)
b = np.shape(a)[0]
c = np.shape(a)[2]
r = np.reshape(a, [b, 4, c // 2, 2])
r = np.transpose(r, [0, 2, 1, 3])
r = np.reshape(r, [b, c // 2, 8])
f = torch.compile(lambda x: x.sin() + 1, backend="eager")
print(round(f(torch.from_numpy(r)).sum().item(), 4))
