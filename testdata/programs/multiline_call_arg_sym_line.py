# a SymInt node made while evaluating the 2nd line of a multi-line call is attributed to that line (code: the argument line), not the call's first line (from RUCAIBox/RecBole bert4rec.py multi_hot_embed)
import torch

torch.manual_seed(0)


@torch.compile(backend="eager")
def f(idx, n):
    idx = idx.view(-1)
    multi_hot = torch.zeros(
        idx.size(0), 8, device=idx.device
    )
    multi_hot[torch.arange(idx.size(0)), idx] = 1
    return multi_hot * n


print(f(torch.randint(0, 8, (2, 2)), 2.0).sum())
print(f(torch.randint(0, 8, (3, 2)), 2.0).sum())
