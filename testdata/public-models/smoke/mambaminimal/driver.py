# tparse smoke driver (our code) for github.com/johnma2006/mamba-minimal at 03de542; source root: <repo>/.
import torch
from model import Mamba, ModelArgs
torch.manual_seed(0)
args = ModelArgs(d_model=64, n_layer=2, vocab_size=256)
m = Mamba(args)
cm = torch.compile(m, backend="eager")
for T in (8, 12):
    idx = torch.randint(0, 256, (1, T))
    logits = cm(idx)
