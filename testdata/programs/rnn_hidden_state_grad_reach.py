# An eager nn.GRU/RNN/LSTM output depends on its initial hidden state hx too: backward reaches whatever produced hx (from lss-1138/SegRNN models/SegRNN.py)
import torch
torch.manual_seed(0)
class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = torch.nn.Linear(4, 4)
        self.rnn = torch.nn.GRU(4, 4, batch_first=True)
        self.pos = torch.nn.Parameter(torch.randn(2, 1, 4))
    def forward(self, x):
        _, hn = self.rnn(self.emb(x))     # only hn is used ...
        _, hy = self.rnn(self.pos, hn)    # ... as the hidden state of a second call
        return hy
m = M()
opt = torch.optim.SGD(m.parameters(), lr=0.1)
def step(x):
    opt.zero_grad()
    loss = m(x).sum()
    loss.backward()
    opt.step()   # the compiled step's inputs are the params whose .grad is set: emb's too
    return loss
f = torch.compile(step, backend="eager")
print(round(f(torch.randn(2, 3, 4)).item(), 4))
print([p.grad is None for p in m.parameters()])
