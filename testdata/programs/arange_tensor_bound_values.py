# Eager index bookkeeping whose sizes come from data (Longformer's _get_global_attn_indices): per-row counts of a
# mask, `torch.arange(counts.max())` bounded by a 0-d tensor, compared against the counts, then nonzero() of that
# and of its complement: the sizes of the index tensors handed to the compiled function follow the data (3 + 1
# global positions, 2 padding slots), so the second batch with other counts recompiles with a dynamic size.
import torch


def gather_global(h, rows, cols, pad_rows, pad_cols):
    g = h[rows, cols] * 2.0
    pad = torch.zeros(pad_rows.numel(), h.size(-1)) if pad_rows.numel() else h.new_zeros(0, h.size(-1))
    return g.sum(0) + pad.sum(0) + h.mean()


f = torch.compile(gather_global, backend="eager")
for marks in ([[0, 1, 2], [0]], [[0, 1], [0, 3, 4, 5]]):
    is_global = torch.zeros(2, 8, dtype=torch.bool)
    for r, cs in enumerate(marks):
        is_global[r, cs] = True
    counts = is_global.long().sum(dim=1)
    most = counts.max()
    local = torch.arange(most, device=is_global.device) < counts.unsqueeze(dim=-1)
    rows, cols = is_global.nonzero(as_tuple=True)
    pad_rows, pad_cols = (local == 0).nonzero(as_tuple=True)
    print(counts.tolist(), local.tolist(), rows.tolist(), pad_rows.tolist())
    out = f(torch.randn(2, 8, 4), rows, cols, pad_rows, pad_cols)
    print(out.shape)
