# Warnings the filters ignore never reach warnings.py's Python display code: no frames handed to Dynamo for them. Here
# the program's own filter ignores UserWarning (F.softmax's implicit dim) and FutureWarning, and the default filters
# ignore PendingDeprecationWarning; all are raised eagerly under the callback, in a frame skipped at its GRU
import warnings

import torch
import torch.nn as nn
import torch.nn.functional as F

warnings.filterwarnings("ignore", category=UserWarning)
warnings.simplefilter("ignore", FutureWarning)
torch.manual_seed(0)


class Att(nn.Module):
    def __init__(self):
        super().__init__()
        self.gru = nn.GRU(4, 6)
        self.w = nn.Linear(6, 1)

    def forward(self, x):
        y, h = self.gru(x)
        warnings.warn("this path changes in the next release", FutureWarning)
        warnings.warn("pending removal", PendingDeprecationWarning)
        a = F.softmax(self.w(y).squeeze(-1).permute(1, 0))
        return (y * a.permute(1, 0).unsqueeze(-1)).sum(0)


m = torch.compile(Att(), backend="eager")
for T in (5, 6):
    print(tuple(m(torch.randn(T, 3, 4)).shape))
