# torch.compile(fullgraph=True) installs convert_frame_assert itself: only ConvertFrame (fullgraph=False) counts
# counters["frames"]["total"], so fullgraph compiles (and their recompiles) hand Dynamo no counted frame, while the
# fullgraph=False function beside them counts its frames (moondream's vision encoder / prefill / decode).
import torch

def enc(x):
    return x.relu() * 2

def dec(x, n):
    return x[:, :n].sum(-1)

enc_c = torch.compile(enc, fullgraph=True, backend="eager")
dec_c = torch.compile(dec, fullgraph=True, backend="eager")
plain = torch.compile(lambda t: t.cos() + 1, backend="eager")
for n in (2, 3, 4):
    h = enc_c(torch.randn(2, 6))
    print(dec_c(h, n).shape, plain(h).shape)
