# Under dynamic=True the floats a built-in module's Python forward reads from self are unspecialized graph inputs
# with one item() each: nn.Embedding.forward passes self.norm_type (2.0) to F.embedding, as LayerNorm passes eps.
import torch

emb = torch.nn.Embedding(10, 8)
norm = torch.nn.LayerNorm(8)
lin = torch.nn.Linear(8, 4)


@torch.compile(backend="eager", dynamic=True)
def f(ids):
    return lin(norm(emb(ids)))


f(torch.randint(0, 10, (2, 5)))
f(torch.randint(0, 10, (3, 7)))
