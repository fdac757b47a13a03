# Pins: WaveGrad's noise-level sampler (ivanvovk/WaveGrad model/diffusion_process.py:86-93) in a compiled frame.
# Dynamo (use_numpy_random_stream=False) traces np.random.* through torch._numpy.random under fake tensors:
# tnp.random.choice runs `if abs(p.sum() - 1.0) > atol` -> _local_scalar_dense -> "Data dependent operator" break
# (GB0033); tnp.random.uniform(ndarray, ndarray) calls uniform_(ndarray) -> TypeError "...argument..." ->
# "TypeError when making fake tensor call" break (GB0112, utils.get_fake_value). tparse traces both into the graph.
import numpy as np
import torch

table = np.sqrt(np.linspace(1.0, 0.5, 21)).astype(np.float32)

def sample_level(y):
    s = np.random.choice(range(1, 21), size=y.shape[0])
    lo = table[s - 1]
    lvl = np.random.uniform(lo, table[s], size=y.shape[0])
    return y * torch.from_numpy(lvl).float().unsqueeze(-1)

np.random.seed(0)
f = torch.compile(sample_level, backend="eager")
print(f(torch.randn(2, 8)).shape)
print(f(torch.randn(3, 8)).shape)
