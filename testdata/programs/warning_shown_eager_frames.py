# A warning shown eagerly under Dynamo's callback runs CPython's warnings.py in Python: WarningMessage.__init__,
# _showwarnmsg, _showwarnmsg_impl, _formatwarnmsg and _formatwarnmsg_impl are each a frame handed to Dynamo once and
# skipped. F.softmax without dim warns (UserWarning) from functional.py's _get_softmax_dim; here in a frame Dynamo
# skipped at its GRU, so it runs eagerly (from uvipen's Hierarchical-attention-networks word attention)
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)


class Att(nn.Module):
    def __init__(self):
        super().__init__()
        self.gru = nn.GRU(4, 6, bidirectional=True)
        self.w = nn.Linear(12, 1)

    def forward(self, x):
        y, h = self.gru(x)
        a = F.softmax(self.w(y).squeeze(-1).permute(1, 0))
        return (y * a.permute(1, 0).unsqueeze(-1)).sum(0)


m = torch.compile(Att(), backend="eager")
for T in (5, 5, 7):
    print(tuple(m(torch.randn(T, 3, 4)).shape))
