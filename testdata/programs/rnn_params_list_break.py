# list(self.parameters()) in a frame: the generator walks named_modules, and VariableBuilder refuses an RNN module it
# reaches (GB0014) even after other parameters were yielded; next(self.parameters()) stops at the first item and never
# reaches it. From an inlined property the break is at its access, resumed after; the property's own frame is then
# skipped (from awni/speech's Seq2Seq: `if self.is_cuda:` with `list(self.parameters())[0].is_cuda`)
import torch
import torch.nn as nn

torch.manual_seed(0)


class Dec(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(10, 4)
        self.rnn = nn.GRU(4, 4, batch_first=True)
        self.out = nn.Linear(4, 10)

    @property
    def is_cuda(self):
        return list(self.parameters())[0].is_cuda

    @property
    def dtype(self):
        return next(self.parameters()).dtype

    def forward(self, y):
        x = self.emb(y).to(self.dtype)
        if self.is_cuda:
            x = x.cuda()
        return self.out(x).sum(-1)


m = torch.compile(Dec(), backend="eager")
for T in (3, 3):
    print(m(torch.randint(0, 10, (2, T))).shape)
