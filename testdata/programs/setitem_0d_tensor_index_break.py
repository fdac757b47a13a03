# row[t] = v with a 0-d integer tensor index t (from iterating a tensor) calls item(): graph break "Data dependent operator" (aten._local_scalar_dense) (from RUCAIBox/RecBole bert4rec.py reconstruct_test_data)
import torch

torch.manual_seed(0)


@torch.compile(backend="eager")
def f(seq, lens):
    seq = torch.cat((seq, torch.zeros(seq.size(0), 1, dtype=torch.long)), dim=-1)
    for b, last in enumerate(lens):
        seq[b][last] = 99
    return seq[:, 1:] * 2


print(f(torch.randint(1, 9, (3, 5)), torch.tensor([1, 4, 2])))
