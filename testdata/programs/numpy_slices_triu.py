# numpy feeding a model, as tutorial code writes it: a sinusoid table filled through strided slices
# (`table[:, 0::2] = np.sin(table[:, 0::2])`), one-hot rows `np.eye(n)[[...]]`, triu / tril / full / isscalar; and
# inside a compiled frame nlp-tutorial's subsequent mask `torch.from_numpy(np.triu(np.ones(shape), k=1))`, called
# twice (the second call runs the cached frame).
import numpy as np
import torch

b = np.arange(12.0).reshape(3, 4)
assert b[:, 1::2].shape == (3, 2) and b[1, 2] == 6.0 and b[:, 1::2].tolist() == [[1.0, 3.0], [5.0, 7.0], [9.0, 11.0]]
b[:, 0::2] = np.sin(b[:, 0::2])
assert b[0, 1] == 1.0 and abs(b[1, 0] + 0.7568024953079282) < 1e-12
b[2] = 0.5
assert b[2].tolist() == [0.5, 0.5, 0.5, 0.5]
e = np.eye(4)[[1, 3]]
assert e.shape == (2, 4) and e.tolist() == [[0.0, 1.0, 0.0, 0.0], [0.0, 0.0, 0.0, 1.0]]
assert np.triu(np.ones((3, 3)), k=1).tolist() == [[0.0, 1.0, 1.0], [0.0, 0.0, 1.0], [0.0, 0.0, 0.0]]
assert np.tril(np.ones((2, 3))).tolist() == [[1.0, 0.0, 0.0], [1.0, 1.0, 0.0]]
assert np.full((2,), 2.0).tolist() == [2.0, 2.0] and np.isscalar(3) and not np.isscalar(e)
table = torch.FloatTensor(b)


def subsequent_mask(seq):
    attn_shape = [seq.size(0), seq.size(1), seq.size(1)]
    m = np.triu(np.ones(attn_shape), k=1)
    return torch.from_numpy(m).byte()


@torch.compile(backend="eager")
def f(seq):
    return (seq.unsqueeze(1) + subsequent_mask(seq)) * table.sum()


print(f(torch.ones(2, 5, dtype=torch.long)).shape)
print(f(torch.ones(2, 5, dtype=torch.long)).shape)
