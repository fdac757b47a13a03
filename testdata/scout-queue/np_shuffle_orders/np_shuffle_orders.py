# MAR.sample_orders: per-sample `np.random.shuffle` of `np.array(list(range(n)))`, stacked with np.array and
# turned into `torch.Tensor(...).long()`, then used for a scatter mask (random_masking).
import numpy as np
import torch


def orders_mask(x):
    orders = []
    for _ in range(x.shape[0]):
        order = np.array(list(range(x.shape[1])))
        np.random.shuffle(order)
        orders.append(order)
    orders = torch.Tensor(np.array(orders)).long()
    mask = torch.zeros(x.shape[0], x.shape[1])
    mask = torch.scatter(mask, dim=-1, index=orders[:, :3], src=torch.ones(x.shape[0], x.shape[1]))
    return x * mask


f = torch.compile(orders_mask, backend="eager")
np.random.seed(0)
f(torch.randn(2, 8))
f(torch.randn(3, 8))
