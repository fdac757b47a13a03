# `t[idx[j]] = j` with a 0-d integer tensor index is applied like an int index (.item(): aten._local_scalar_dense), a data-dependent graph break; inside a for-loop torch reports "Failed to handle graph break gracefully. Skipping the function" and runs the frame eagerly; tparse traces it as an index_put with no break (from amdegroot/ssd.pytorch layers/box_utils.py match)
import torch
torch.manual_seed(0)

def match(overlaps, labels):
    best_prior_overlap, best_prior_idx = overlaps.max(1, keepdim=True)
    best_truth_overlap, best_truth_idx = overlaps.max(0, keepdim=True)
    best_truth_idx.squeeze_(0)
    best_prior_idx.squeeze_(1)
    for j in range(best_prior_idx.size(0)):
        best_truth_idx[best_prior_idx[j]] = j
    return labels[best_truth_idx] + 1

cf = torch.compile(match, backend="eager")
print(cf(torch.rand(3, 10), torch.tensor([4, 5, 6])))   # torch: frame 0 skipped (no graph), break at the `best_truth_idx[...] = j` line
