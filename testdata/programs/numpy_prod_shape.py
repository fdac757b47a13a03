# np.prod of a torch.Size slice inside a frame is traced through torch._numpy (`wrapped_prod((4, 4, 4))`, a 0-d
# int64 ndarray); as a reshape size its __index__ reads the data: Dynamo's data-dependent break at the call, which
# then runs eagerly with the value 64 (dreamerv3's ConvEncoder).
import numpy as np
import torch

conv = torch.nn.Conv2d(3, 4, 3, stride=2, padding=1)


@torch.compile(backend="eager")
def enc(obs):
    x = conv(obs.permute(0, 3, 1, 2))
    x = x.reshape([x.shape[0], np.prod(x.shape[1:])])
    return x.reshape(list(obs.shape[:-3]) + [x.shape[-1]])


with torch.no_grad():
    for b in (2, 3):
        print(enc(torch.rand(b, 8, 8, 3)).shape)
