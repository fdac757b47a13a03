# F.max_pool1d (no indices) reads its input's length as an int in ATen's check_max_pool1d, with grad on or off: a
# dynamic length is specialized, each new length recompiles; the batch stays dynamic (Tacotron's CBHG).
import torch
import torch.nn.functional as F

conv = torch.nn.Conv1d(4, 4, 3, padding=1)


def block(x):
    n = x.size(-1)
    y = conv(x)
    return F.max_pool1d(y, 2, 1, 1)[:, :, :n]


f = torch.compile(block, backend="eager")
for b, n in [(2, 8), (3, 9), (4, 10), (5, 10)]:
    print(tuple(f(torch.randn(b, 4, n)).shape))
with torch.no_grad():
    for b, n in [(2, 11), (3, 12)]:
        print(tuple(f(torch.randn(b, 4, n)).shape))
