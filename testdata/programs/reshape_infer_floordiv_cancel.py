# reshape with -1 under a dynamic size: torch cancels the common factor, (2*s)//(2*(s//16)) prints as s//(s//16) (from reformer_pytorch.py LSHAttention bq_t reshape)
import torch
torch.manual_seed(0)


def f(x):
    n = x.shape[2]
    chunks = 2 * (n // 16)
    return x.reshape(4, 2 * n).reshape(4, chunks, -1) * 2


g = torch.compile(f, backend="eager")
for n in (64, 128):
    print(g(torch.randn(4, 2, n)).shape)
