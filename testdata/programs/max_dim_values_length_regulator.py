# FastSpeech's length regulator: torch.zeros sized by `torch.max(torch.sum(dur, -1), -1)[0]` (a 0-d tensor: a data-
# dependent break), .numpy() of the result, and a Python loop filling the array with range() bounds read from a numpy
# array (a break inside a loop: the frame is skipped). max(dim)'s values are known, so the mel length (the sum of
# durations) is: it changes between calls, and the frame after the length regulator recompiles with a new length.
import torch


def create_alignment(base_mat, dur):
    N, L = dur.shape
    for i in range(N):
        count = 0
        for j in range(L):
            for k in range(dur[i][j]):
                base_mat[i][count + k][j] = 1
            count = count + dur[i][j]
    return base_mat


@torch.compile(backend="eager")
def regulate(x, dur):
    m = torch.max(torch.sum(dur, -1), -1)[0]
    alignment = torch.zeros(dur.size(0), m, dur.size(1)).numpy()
    alignment = create_alignment(alignment, dur.cpu().numpy())
    out = torch.from_numpy(alignment) @ x
    return torch.tanh(out) * 2


x = torch.arange(12.0).reshape(1, 3, 4)
for d in ([[1, 2, 1]], [[2, 2, 3]], [[1, 2, 1]]):
    y = regulate(x, torch.tensor(d, dtype=torch.int32))
    print(tuple(y.shape), round(y.sum().item(), 4))
