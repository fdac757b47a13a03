# Pins: WaveGrad's `torch.FloatTensor([self.sqrt_alphas_cumprod_prev[t+1]]).repeat(b, 1)` (ivanvovk/WaveGrad
# model/diffusion_process.py:135) in a compiled frame: a numpy array attribute indexed by a Python int is a traced
# 0-d tensor (NumpyNdarrayVariable); the legacy constructor stores each list element through float() ->
# item() -> _local_scalar_dense, which fake tensors cannot answer: Dynamo breaks ("Data dependent operator",
# GB0033) at that line. tparse puts getitem + FloatTensor in the graph, no break.
import numpy as np
import torch

class Sched(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(4, 4)
        self.levels = np.sqrt(np.linspace(1.0, 0.5, 6)).astype(np.float32)

    def forward(self, x, t):
        noise_level = torch.FloatTensor([self.levels[t + 1]]).repeat(x.shape[0], 1)
        return self.lin(x) * noise_level

m = Sched()
f = torch.compile(m, backend="eager")
with torch.no_grad():
    for t in (3, 2):
        print(f(torch.randn(2, 4), t).shape)
