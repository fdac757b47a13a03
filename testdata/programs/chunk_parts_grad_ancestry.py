# chunk/split/unbind parts keep their input's autograd ancestry: backward gives grads only to the params the loss used, so the compiled opt.step sees only those (from somepago/saint models/model.py Attention/GEGLU)
import torch
torch.manual_seed(0)
class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.unused = torch.nn.Linear(4, 4)
        self.a = torch.nn.Linear(4, 4)
    def forward(self, x):
        q, k = self.a(x).chunk(2, dim=-1)
        return q * k
m = M()
opt = torch.optim.SGD(m.parameters(), lr=0.1)
def step(x):
    opt.zero_grad()
    loss = m(x).sum()
    loss.backward()
    opt.step()       # graph inputs: params 2, 3 grads only (unused.* stay None)
    return loss
f = torch.compile(step, backend="eager")
print(round(f(torch.randn(2, 3, 4)).item(), 4), [p.grad is None for p in m.parameters()])
