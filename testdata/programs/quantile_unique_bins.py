# Pins: quantile bins of random training data (rtdl-num-embeddings compute_bins:
# `[q.unique() for q in torch.quantile(X, torch.linspace(0, 1, n_bins + 1), dim=0).T]`).
# tparse: torch.quantile is unsupported (its result keeps X's shape (50, 2) instead of (5, 2)) and unique() of data
# it does not know is "one distinct value", so each feature gets 1 bin edge and the repo's own check raises.
# Real torch: continuous data -> 5 distinct edges per column; the compiled embedding then has 4 bins per feature.
import torch

torch.manual_seed(0)
X = torch.randn(50, 2)
bins = [q.unique() for q in torch.quantile(X, torch.linspace(0.0, 1.0, 5).to(X), dim=0).T]
if any(len(b) < 2 for b in bins):
    raise ValueError("All features must have at least two bin edges")
w = torch.stack([1.0 / b.diff() for b in bins])  # (2, 4)

@torch.compile(backend="eager")
def encode(x):
    return (w * x[..., None]).clamp(0.0, 1.0)

print(encode(torch.randn(8, 2)).shape)
