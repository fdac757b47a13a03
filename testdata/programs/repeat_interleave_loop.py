# REAL: 6 graphs (per graph cf+cm 2+6/1+1/8+3/4+9/1+1/8+3), graph_break counter: 2 x GB0036 "Dynamic shape
#   operator" (aten.repeat_interleave.Tensor: repeats given as a tensor, no output_size) + 2 x GB0124 (.item()),
#   3 recompiles. In vit-pytorch na_vit the same repeat_interleave sits in a for loop: GB0036 -> GB7000, forward
#   is skipped and its callees (einops.rearrange, posemb_grid, modules) compile on their own: 23 graphs, 18 recompiles.
# TPARSE: 4 graphs (4+7/6+2/4+10/6+2), 2 break events (the .item() only), 2 recompiles, approximate (6):
#   repeat_interleave with a tensor of repeats is "not modelled" (an unknown_op node, no break), pad_sequence unmodelled.
# NaViT's packing of variable-resolution images inside the compiled forward (vit-pytorch na_vit):
# torch.tensor(list of ints), repeat_interleave with a tensor of repeats, lengths.amax().item(), pad_sequence.
import torch
from torch.nn.utils.rnn import pad_sequence
torch.manual_seed(0)
proj = torch.nn.Linear(12, 8)
@torch.compile(backend="eager")
def f(images):
    seqs = [img.reshape(3, -1, 4).permute(1, 0, 2).reshape(-1, 12) for img in images]
    counts = [s.shape[0] for s in seqs]
    ids = torch.repeat_interleave(torch.arange(len(images)), torch.tensor(counts))
    lengths = torch.tensor([s.shape[0] for s in seqs], dtype = torch.long)
    n = lengths.amax().item()
    mask = torch.arange(n)[None, :] < lengths[:, None]
    x = proj(pad_sequence(seqs, batch_first = True))
    return x.sum() + mask.sum() + ids.sum()
with torch.no_grad():
    print(f([torch.randn(3, 4, 4), torch.randn(3, 8, 4)]))
    print(f([torch.randn(3, 8, 8), torch.randn(3, 4, 4), torch.randn(3, 4, 8)]))
