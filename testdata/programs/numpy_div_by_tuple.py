# numpy: ndarray / tuple broadcasts the tuple as an array (tparse's numpy raises TypeError) (from PixArt-alpha diffusion/model/nets/PixArt.py get_2d_sincos_pos_embed, `self.lewei_scale = lewei_scale,`)
import numpy as np
import torch
torch.manual_seed(0)
scale = 1.0,                                   # a 1-tuple, as PixArt stores it
grid = np.arange(4, dtype=np.float32) / (4 / 2) / scale
pe = torch.from_numpy(grid).float()
f = torch.compile(lambda x: x + pe, backend="eager")
print(grid.shape, grid.dtype, f(torch.zeros(4)))
