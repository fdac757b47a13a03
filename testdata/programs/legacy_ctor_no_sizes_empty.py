# A legacy typed constructor with no sizes (`torch.LongTensor()`, lstm-crf's Viterbi back-pointers) is an empty 1-D
# tensor, torch.Size([0]); torch.cat skips it beside tensors of any rank, eagerly and in a compiled frame
import torch


def grow(bptr, step):
    return torch.cat((bptr, step.unsqueeze(1)), 1)


b = torch.LongTensor()
print(b.shape, b.dtype, torch.FloatTensor().shape, torch.Tensor().dtype)
g = torch.compile(grow, backend="eager")
for i in range(3):
    b = g(b, torch.full((2,), i, dtype=torch.long))
print(b.shape, b.tolist())


@torch.compile(backend="eager")
def fresh(x):
    return torch.cat((torch.FloatTensor(), x), 0) * 2


print(fresh(torch.ones(3)).shape)
