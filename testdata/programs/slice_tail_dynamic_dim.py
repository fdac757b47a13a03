# x[:, -K:] on a dynamic dim s0 that is < K keeps the size symbolic (s0) in the graph, and K - x.shape[1] stays Sym(K - s0) (from kzl/decision-transformer decision_transformer.py get_action)
import torch

torch.manual_seed(0)


@torch.compile(backend="eager")
def pad_left(x):
    x = x[:, -8:]
    mask = torch.cat([torch.zeros(8 - x.shape[1]), torch.ones(x.shape[1])])
    x = torch.cat([torch.zeros((x.shape[0], 8 - x.shape[1])), x], dim=1)
    return x * mask


print(pad_left(torch.randn(1, 3)).shape)
print(pad_left(torch.randn(1, 6)).shape)
