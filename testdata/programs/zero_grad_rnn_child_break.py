# Module.zero_grad() called in a compiled forward (lstm-crf's `self.zero_grad()`) is inlined: its parameters() walks
# named_modules and VariableBuilder refuses the GRU child it reaches (GB0014 at the call, resumed after it); a model
# without an RNN traces it (its `p.grad is None` guards)
import torch
import torch.nn as nn


class Tagger(nn.Module):
    def __init__(self, rnn):
        super().__init__()
        self.emb = nn.Embedding(10, 4)
        self.rnn = nn.GRU(4, 4) if rnn else nn.Linear(4, 4)
        self.out = nn.Linear(4, 3)

    def forward(self, x):
        self.zero_grad()
        h = self.emb(x)
        h = self.rnn(h)[0] if isinstance(self.rnn, nn.GRU) else self.rnn(h)
        return self.out(h).sum()


for rnn in (True, False):
    m = Tagger(rnn)
    f = torch.compile(m, backend="eager")
    for _ in range(2):
        loss = f(torch.randint(0, 10, (5, 2)))
        loss.backward()
    print(rnn, m.out.weight.grad is not None)
