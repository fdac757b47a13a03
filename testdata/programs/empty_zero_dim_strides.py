# torch.empty((1, 0, 32)) has strides [32, 32, 1] (a size-0 dim counts as 1 in the stride product), not [0, 32, 1] (from MobileSAM prompt_encoder.py: sparse_embeddings = torch.empty((bs, 0, self.embed_dim)))
import torch
torch.manual_seed(0)

def embed(points):
    bs = points.shape[0]
    sparse = torch.empty((bs, 0, 32), device=points.device)
    pe = torch.cat([torch.sin(points @ torch.ones(2, 16)), torch.cos(points @ torch.ones(2, 16))], dim=-1)
    return torch.cat([sparse, pe], dim=1)

f = torch.compile(embed, backend="eager")
print(f(torch.rand(1, 3, 2)).shape)
