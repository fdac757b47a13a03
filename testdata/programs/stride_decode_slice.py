# A compiled decode step fed the last column of a growing token tensor (`tokens[:, -1:]`, whisper's and many
# generate loops): the shape stays [2, 1], the stride of dim 0 grows with the sequence. Automatic dynamic marks that
# stride dynamic after its first change: one recompile, not one per step.
import torch

emb = torch.nn.Embedding(32, 8)


@torch.compile(backend="eager")
def step(x):
    return emb(x).sum(1)


tokens = torch.randint(0, 32, (2, 3))
with torch.no_grad():
    for i in range(6):
        step(tokens[:, -1:])
        tokens = torch.cat([tokens, torch.randint(0, 32, (2, 1))], dim=-1)
print(tokens.shape)
