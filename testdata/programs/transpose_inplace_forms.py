# In-place transposes change a tensor's own sizes and strides: transpose_, swapdims_, swapaxes_, t_ (their results
# flow through ops; Dynamo's cached static size / stride of the mutated tensor, read back in Python, is not exercised)
import torch


def f(x, w):
    y = x * 2
    y.transpose_(1, 2)
    z = y.contiguous()
    z.swapdims_(0, 1)
    v = z + 1
    v.swapaxes_(-1, 0)
    w2 = w.clone()
    w2.t_()
    return v.sum(), y.contiguous().view(y.shape[0], -1), w2 @ w


cf = torch.compile(f, backend="eager")
for n in (3, 5):
    s, yc, m = cf(torch.arange(2.0 * n * 4).view(2, n, 4), torch.ones(3, 3))
    print(float(s), tuple(yc.shape), float(yc[0, 1]), tuple(m.shape))
