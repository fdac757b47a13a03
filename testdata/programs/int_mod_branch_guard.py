# A branch on an expression of a dynamic int (`step % 4 == 0`, an annealing schedule): once `step` is dynamic the
# decided relation is a guard on the expression, Ne(Mod(step, 4), 0), and a step where it holds recompiles; an
# ordering of an expression (`step // 3 > 1`) guards the same way (from PyTorch-VAE's CategoricalVAE temperature anneal)
import torch

torch.manual_seed(0)


@torch.compile(backend="eager")
def anneal(x, step):
    if step % 4 == 0:
        x = x * 0.5
    if step // 3 > 1:
        x = x + 1
    return x


for step in (0, 1, 2, 5, 8, 3, 9, 12):
    print(anneal(torch.randn(3), step))
