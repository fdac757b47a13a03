# A tacotron2-style encoder: lengths taken to numpy inside the frame (traced as a view), pack_padded_sequence (a
# function trace_rules skips: GB0007, resumable), an LSTM (GB0014 in the resume function, which is skipped whole),
# pad_packed_sequence; then a second length (a recompile).
import torch
from torch import nn


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv1d(8, 8, 3, padding=1)
        self.lstm = nn.LSTM(8, 4, 1, batch_first=True, bidirectional=True)

    def forward(self, x, lengths):
        x = torch.relu(self.conv(x)).transpose(1, 2)
        lengths = lengths.cpu().numpy()
        x = nn.utils.rnn.pack_padded_sequence(x, lengths, batch_first=True)
        out, _ = self.lstm(x)
        out, _ = nn.utils.rnn.pad_packed_sequence(out, batch_first=True)
        return out * 2


enc = Encoder()
cm = torch.compile(enc, backend="eager")
print(cm(torch.randn(2, 8, 6), torch.tensor([6, 4])).shape)
print(cm(torch.randn(2, 8, 9), torch.tensor([9, 5])).shape)
