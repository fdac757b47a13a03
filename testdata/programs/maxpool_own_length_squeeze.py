# Kim's CNN text classifier: each conv's output is max-pooled over its own (dynamic) length, then squeezed; the
# kernel size is a SymInt the op specializes, so the pooled length is 1 and squeeze(2) drops it
import torch
import torch.nn as nn
import torch.nn.functional as F


class CNNText(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(50, 8)
        self.convs = nn.ModuleList([nn.Conv2d(1, 4, (k, 8)) for k in (3, 4, 5)])
        self.fc = nn.Linear(12, 3)

    def forward(self, x):
        x = self.embed(x).unsqueeze(1)
        x = [F.relu(conv(x)).squeeze(3) for conv in self.convs]
        x = [F.max_pool1d(i, i.size(2)).squeeze(2) for i in x]
        return self.fc(torch.cat(x, 1))


torch.manual_seed(0)
m = CNNText()
cm = torch.compile(m, backend="eager")
for w in (20, 27, 33):
    out = cm(torch.randint(0, 50, (2, w)))
    out.sum().backward()
    print(tuple(out.shape))
with torch.no_grad():
    for w in (11, 15):
        print(tuple(cm(torch.randint(0, 50, (3, w))).shape))
