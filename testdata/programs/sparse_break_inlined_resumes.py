# 'Attempted to wrap sparse Tensor' inside an inlined helper (in its loop) is an ordinary graph break for the caller: the caller breaks at the call and resumes after it; only the helper's own frame is skipped (break in loop) (from LightGCN-PyTorch code/model.py getUsersRating -> computer -> torch.sparse.mm)
import torch
torch.manual_seed(0)
class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = torch.nn.Embedding(6, 4)
        self.G = torch.sparse_coo_tensor(torch.tensor([[0, 1, 2], [1, 2, 0]]), torch.ones(3), (6, 6))
    def computer(self):
        x = self.emb.weight
        for _ in range(2):
            x = torch.sparse.mm(self.G, x)
        return x
    def forward(self, idx):
        y = self.computer()
        return torch.sigmoid(y[idx] @ y.t())
m = M()
f = torch.compile(m, backend="eager")
print(f(torch.tensor([0, 2])).shape)
print(f(torch.tensor([1, 3, 5])).shape)
