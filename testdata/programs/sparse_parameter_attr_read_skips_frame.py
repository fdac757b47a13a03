# Expected torch 2.11 behaviour (rules seen in KGAT's update_attention on the device): a sparse nn.Parameter read by
# the frame itself (`device = self.A.device`) is realized at that LOAD_ATTR (nn.Module's __getattr__ path), GB0015
# "Attempted to wrap sparse Tensor" with no CALL to break at: step()'s fallback at once, nothing compiled before it,
# "Failed to handle graph break gracefully" - the frame is skipped at attempt 0 (one break record, no restart).
# The method then runs eagerly under the callback: its `torch.sparse.FloatTensor(indices, values, size)` shows the
# legacy constructor's deprecation UserWarning (TORCH_WARN_ONCE) through warnings.py, 5 frames of it.
# 1 compile (failed), 0 graphs, 1 break; frames.total 6.
# (tparse before round 63: a CALL-level break and a restart, two records; no warning frames.)
import torch
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        i = torch.tensor([[0, 1, 2], [1, 2, 0]])
        self.A = nn.Parameter(torch.sparse_coo_tensor(i, torch.ones(3), (3, 3)), requires_grad=False)

    def update(self, rows, cols, vals):
        device = self.A.device
        idx = torch.stack([rows, cols])
        A = torch.sparse.FloatTensor(idx, vals, torch.Size((3, 3)))
        self.A.data = A.to(device)
        return self.A._nnz()


m = M()
f = torch.compile(m.update, backend="eager")
print(f(torch.tensor([0, 1]), torch.tensor([2, 2]), torch.tensor([0.5, 0.25])))
