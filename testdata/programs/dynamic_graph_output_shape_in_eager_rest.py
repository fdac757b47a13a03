# after an unresumable graph break (LSTM) the rest of forward runs in eager; on the dynamic recompile tparse gives it X with symbolic sizes, so int(arange(pos, min(n, pos+4))[-1]) is unknown and the while loop "does not terminate" (torch: concrete, runs) (from sigsep/open-unmix-pytorch openunmix/model.py Separator.forward)
import torch
import torch.nn as nn

torch.manual_seed(0)


class Sep(nn.Module):
    def __init__(self):
        super().__init__()
        self.lstm = nn.LSTM(4, 4)

    def forward(self, s):
        X = torch.abs(torch.view_as_complex(s))
        y = self.lstm(torch.randn(3, 1, 4))[0]
        n = X.shape[2]
        pos = 0
        count = 0
        while pos < n:
            t = torch.arange(pos, min(n, pos + 4))
            pos = int(t[-1]) + 1
            count += 1
        return count


f = torch.compile(Sep(), backend="eager")
for b, frames in ((1, 9), (2, 13)):
    print(frames, f(torch.randn(b, 5, frames, 2)))
