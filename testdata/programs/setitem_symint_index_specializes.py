# A store through a tuple index holding a dynamic int (`seq[:, step] = tok`, a decoding loop's step): the setitem
# node's fake run reads the int through __index__, which specializes it, so every new step recompiles (getitem with
# such an index does the same; a slice bound `seq[:, :step]` stays symbolic) (from jadore801120's beam search)
import torch

torch.manual_seed(0)


@torch.compile(backend="eager")
def write(seq, tok, step):
    seq[:, :step] = seq[:, :step].flip(0)
    seq[:, step] = tok
    return seq


seq = torch.zeros(3, 10, dtype=torch.long)
for step in range(1, 6):
    print(write(seq, torch.full((3,), step), step)[:, :step + 1])
