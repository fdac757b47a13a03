# Tensor.expand_as of a size-1 dim gives stride 0: i64[1,8][8,1].expand_as(i64[2,8]) -> i64[2, 8][0, 1] (from RUCAIBox/RecBole bert4rec.py)
import torch

torch.manual_seed(0)


@torch.compile(backend="eager")
def f(seq):
    pos = torch.arange(seq.size(1), dtype=torch.long, device=seq.device)
    pos = pos.unsqueeze(0).expand_as(seq)
    return pos + seq


print(f(torch.randint(0, 9, (2, 8))))
