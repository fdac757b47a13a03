# torch.LongTensor(t) of a tensor that is already int64 is new_with_tensor's alias of it; in a frame Dynamo records
# the constructor's call_function node over it (its output a tensor of the same sizes), eagerly it is the same data
# (from zzaebok's KGCN-pytorch: `torch.LongTensor(self.adj_ent[entities[h]]).view((self.batch_size, -1))`)
import torch

torch.manual_seed(0)
adj = {i: torch.randint(0, 10, (4,)) for i in range(10)}
emb = torch.nn.Embedding(10, 3)


@torch.compile(backend="eager")
def f(idx):
    n = torch.LongTensor(adj[idx]).view(2, -1)
    return emb(n).sum(-1)


for i in (1, 2):
    print(f(i).shape)
e = torch.LongTensor(adj[3])
print(e.dtype, e.shape)
