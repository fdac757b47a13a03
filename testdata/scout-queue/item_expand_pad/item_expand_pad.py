# length regulator (FastSpeech2): per-row `.item()` durations, vec.expand(max(int(d), 0), -1), torch.cat, F.pad to
# the longest, torch.LongTensor(list of lengths)
import torch
import torch.nn.functional as F
torch.manual_seed(0)
@torch.compile(backend="eager")
def f(x, duration):
    output, mel_len = [], []
    for batch, target in zip(x, duration):
        out = [vec.expand(max(int(target[i].item()), 0), -1) for i, vec in enumerate(batch)]
        out = torch.cat(out, 0)
        output.append(out)
        mel_len.append(out.shape[0])
    max_len = max(o.size(0) for o in output)
    padded = torch.stack([F.pad(o, (0, 0, 0, max_len - o.size(0)), "constant", 0.0) for o in output])
    return padded, torch.LongTensor(mel_len)
for b in (2, 3):
    out = f(torch.randn(b, 3, 4), torch.tensor([[1, 2, 0], [2, 2, 1], [3, 0, 1]])[:b])
print(out[0].shape, out[1])
