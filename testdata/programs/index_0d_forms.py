# Indexing with a 0-d integer tensor (Autoformer's `mean_value[:, index[i]]`, index from topk): torch treats a 0-d
# integral tensor index as an integer, read with item(); under Dynamo that is a data-dependent scalar. Alone, inside a
# tuple with a slice, and a 1-d index tensor for contrast.
import torch


def alone(x, idx):
    return x[idx[0]] * 2


def in_tuple(x, idx):
    return x[:, idx[1]] + 1


def one_d(x, idx):
    return x[:, idx] - 1


x = torch.randn(4, 5)
idx = torch.tensor([1, 3])
print(torch.compile(alone, backend="eager")(x, idx).shape)
print(torch.compile(in_tuple, backend="eager")(x, idx).shape)
print(torch.compile(one_d, backend="eager")(x, idx).shape)
