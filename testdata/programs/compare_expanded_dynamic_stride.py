# ids >= lengths where both sides are expand()ed views and the length is a dynamic int: torch's result stride is [s, 1]; tparse writes [Max(1, s), 1] (from FastSpeech2 utils/tools.py get_mask_from_lengths)
import torch

torch.manual_seed(0)


def get_mask_from_lengths(lengths, max_len):
    batch_size = lengths.shape[0]
    ids = torch.arange(0, max_len).unsqueeze(0).expand(batch_size, -1)
    mask = ids >= lengths.unsqueeze(1).expand(-1, max_len)
    return mask.unsqueeze(1).expand(-1, max_len, -1).float().sum()


f = torch.compile(get_mask_from_lengths, backend="eager")
for L in (7, 5):
    print(f(torch.tensor([L, L - 1]), L))
# torch (2nd compile, L dynamic): mask b8[2, s][s, 1]; unsqueeze [s, s, 1]
