# nn.Transformer (encoder and decoder stacks, causal target mask from generate_square_subsequent_mask), training
# mode, sequence-first layout (batch_first=False)
import torch
import torch.nn as nn

torch.manual_seed(0)


class Seq2Seq(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(50, 16)
        self.tf = nn.Transformer(d_model=16, nhead=2, num_encoder_layers=1, num_decoder_layers=1, dim_feedforward=24, dropout=0.0)
        self.out = nn.Linear(16, 50)

    def forward(self, src, tgt):
        mask = nn.Transformer.generate_square_subsequent_mask(tgt.size(0))
        h = self.tf(self.emb(src), self.emb(tgt), tgt_mask=mask)
        return self.out(h)


m = Seq2Seq()
cm = torch.compile(m, backend="eager")
cm(torch.randint(0, 50, (6, 2)), torch.randint(0, 50, (5, 2)))
