# A user forward that calls nn.GRU: Dynamo graph-breaks ("Attempted to wrap RNN, GRU, or LSTM") and restarts the
# frame; real torch 2.11 records the restart in compilation metrics as "Unknown fail_and_restart_analysis"
# (seq2seq tutorial's AttnDecoderRNN), not with the break's message.
import torch
from torch import nn
torch.manual_seed(0)
class Dec(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(12, 8)
        self.gru = nn.GRU(8, 8)
        self.out = nn.Linear(8, 12)
    def forward(self, tok, hidden):
        x = torch.relu(self.emb(tok).view(1, 1, -1))
        x, hidden = self.gru(x, hidden)
        return torch.log_softmax(self.out(x[0]), dim=1), hidden
dec = Dec().eval()
cdec = torch.compile(dec, backend="eager")
with torch.no_grad():
    h = torch.zeros(1, 1, 8)
    for t in (0, 3):
        out, h = cdec(torch.tensor([[t]]), h)
print(out.shape)
