# a one-operand einsum that only permutes returns a strided view, not a contiguous tensor (from SiT models.py unpatchify)
import torch
torch.manual_seed(0)
def unpatchify(x):
    x = x.reshape(shape=(x.shape[0], 4, 4, 2, 2, 8))
    x = torch.einsum('nhwpqc->nchpwq', x)
    return x.reshape(shape=(x.shape[0], 8, 8, 8))
f = torch.compile(unpatchify, backend="eager")
print(f(torch.randn(2, 16, 32)).shape)
