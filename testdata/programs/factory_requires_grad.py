# A tensor factory with requires_grad=True inside the compiled frame (mixture-of-experts moe.py:
# torch.zeros_like(logits, requires_grad=True) in noisy_top_k_gating, torch.zeros(..., requires_grad=True) in
# SparseDispatcher.combine). Real dynamo: graph break "Attempted to use tensor creation function with
# requires_grad=True" (variables/torch.py), the frame resumes after the call.
import torch


@torch.compile(backend="eager")
def f(x, idx):
    y = x.softmax(1)
    zeros = torch.zeros_like(y, requires_grad=True)
    g = zeros.scatter(1, idx, y[:, :2])
    z = torch.zeros(x.size(0), 3, requires_grad=True)
    return g.sum(1) + z.index_add(0, idx[:, 0], y[:, :3]).sum(1)


f(torch.randn(4, 5), torch.tensor([[0, 1], [1, 2], [2, 3], [3, 0]]))
f(torch.randn(4, 5), torch.tensor([[1, 0], [2, 1], [3, 2], [0, 3]]))
