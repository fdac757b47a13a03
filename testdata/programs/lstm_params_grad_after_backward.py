# after loss.backward() through an nn.LSTM submodule (graph break, runs in eager) the LSTM parameters have .grad; torch's Adam step graph includes them, tparse leaves them out (grad taken as None) (from sigsep/open-unmix-pytorch openunmix/model.py training)
import torch
import torch.nn as nn

torch.manual_seed(0)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)
        self.lstm = nn.LSTM(4, 4)

    def forward(self, x):
        return self.lstm(self.lin(x))[0]


m = M()
opt = torch.optim.Adam(m.parameters(), lr=1e-3)


@torch.compile(backend="eager")
def step(x):
    opt.zero_grad()
    loss = m(x).pow(2).mean()
    loss.backward()
    opt.step()
    return loss


print(round(float(step(torch.randn(5, 2, 4))), 4))
print([p.grad is not None for p in m.parameters()])
