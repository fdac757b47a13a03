# a boolean-mask read `t[mask == 0]` (graph break: nonzero) yields as many rows as the mask has True entries (here 1), not all of them (from somepago/saint augmentations.py embed_data_mask)
import torch
torch.manual_seed(0)
cat_mask = torch.ones(4, 3, dtype=torch.long)
cat_mask[0, 1] = 0
emb = torch.nn.Embedding(6, 8)

def embed(x_enc, cat_mask):
    tmp = emb(cat_mask + torch.tensor([0, 2, 4]))
    x_enc[cat_mask == 0] = tmp[cat_mask == 0]          # graph break on the read; resume gets a (1, 8) tensor
    return x_enc * 2

f = torch.compile(embed, backend="eager")
print(tuple(f(torch.randn(4, 3, 8), cat_mask).shape))
