# a sparse COO tensor made by dense.to_sparse() and read from a module attribute inside the compiled frame: dynamo cannot wrap sparse tensors (from LightGCN-PyTorch code/model.py computer())
import torch

torch.manual_seed(0)

class Prop(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = torch.nn.Embedding(6, 4)
        A = (torch.rand(6, 6) < 0.4).float()
        self.G = A.to_sparse().coalesce()
    def forward(self, idx):
        x = self.emb.weight
        y = torch.sparse.mm(self.G, x)
        return (y[idx] * 2).sum(1)

m = Prop()
f = torch.compile(m, backend="eager")
print(f(torch.tensor([0, 2])).shape)
print(f(torch.tensor([1, 3, 5])).shape)
