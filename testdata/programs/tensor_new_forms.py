# Tensor.new in its forms: sizes as ints or a torch.Size (Dynamo's new_empty), data as a list or a plain tuple (a
# `new` node: a tensor of that data with the source's dtype), a SymInt size, and new() (an empty tensor)
import torch


def f(x, seqs):
    eos = seqs[0].new([2])
    pair = x.new((3, 4))
    sized = x.new(x.size())
    rows = x.new(x.shape[0], 2).fill_(1)
    empty = x.new()
    out = [torch.cat([s, eos]) for s in seqs]
    return out, pair * 2, sized.shape, rows.sum(), empty.numel()


cf = torch.compile(f, backend="eager")
for n in (3, 5):
    out, pair, shape, total, k = cf(torch.ones(n, 4), [torch.arange(n), torch.arange(n + 1)])
    print([tuple(o.shape) for o in out], pair.tolist(), tuple(shape), float(total), k)
