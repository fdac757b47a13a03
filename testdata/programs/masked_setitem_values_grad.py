# An eager boolean-mask setitem `e[mask] = t[mask]` (index_put_) links e to t's ancestry: backward gives t's params grads too (from somepago/saint augmentations.py embed_data_mask)
import torch
torch.manual_seed(0)
class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.a = torch.nn.Embedding(5, 4)
        self.b = torch.nn.Embedding(5, 4)
    def forward(self, i, mask):
        e = self.a(i)
        t = self.b(i)
        e[mask == 0] = t[mask == 0]   # graph break (dynamic shape operator): runs eagerly
        return e
m = M()
opt = torch.optim.SGD(m.parameters(), lr=0.1)
def step(i, mask):
    opt.zero_grad()
    loss = m(i, mask).sum()
    loss.backward()
    opt.step()       # graph inputs: params 0 and 1 grads
    return loss
f = torch.compile(step, backend="eager")
mask = torch.ones(2, 3, dtype=torch.long); mask[0, 1] = 0
print(round(f(torch.randint(0, 5, (2, 3)), mask).item(), 4), [p.grad is None for p in m.parameters()])
