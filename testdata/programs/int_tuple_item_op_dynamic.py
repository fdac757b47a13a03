import torch

def loss(x, batch):
    obs, options, rewards = batch
    idx = torch.arange(len(options)).long()
    o = torch.LongTensor(options)
    r = torch.FloatTensor(rewards)
    return (x[idx, o] * r).sum()

c = torch.compile(loss, backend="eager")
x = torch.randn(4, 3)
for opts in [(0, 1, 2, 0), (1, 1, 2, 0), (1, 0, 2, 1), (2, 0, 1, 1)]:
    print(c(x, (x, opts, (0.5, 1.0, 0.0, 0.25))).item())
