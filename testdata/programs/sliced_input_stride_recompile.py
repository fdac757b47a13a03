# a decode loop feeding ids[:, past:] (a [1, 1] view of a growing buffer): after the first recompile torch does not recompile again on the view's dim-0 stride (6 -> 7), tparse does (from jingyaogong/minimind generate(), forward compiled as a method)
import torch

torch.manual_seed(0)
emb = torch.nn.Embedding(16, 8)


@torch.compile(backend="eager")
def fwd(ids):
    return emb(ids).sum(-1)


ids = torch.randint(0, 16, (1, 5))
for step in range(4):
    past = 0 if step == 0 else ids.shape[1] - 1
    out = fwd(ids[:, past:])
    ids = torch.cat([ids, out[:, -1:].long().clamp(0, 15)], dim=-1)
print(ids.shape)
