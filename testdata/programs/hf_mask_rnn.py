"""Idioms of older Hugging Face and seq2seq code: a causal mask built with torch.full/torch.finfo/triu
and expanded per batch, an nn.LSTM encoder, and nn.MultiheadAttention; compiled, called twice."""
import torch
from torch import nn


def make_causal_mask(bsz, tgt_len, dtype, device):
    mask = torch.full((tgt_len, tgt_len), torch.finfo(dtype).min, device=device)
    mask_cond = torch.arange(mask.size(-1), device=device)
    mask.masked_fill_(mask_cond < (mask_cond + 1).view(mask.size(-1), 1), 0)
    mask = mask.to(dtype)
    return mask[None, None, :, :].expand(bsz, 1, tgt_len, tgt_len)


class Seq(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(40, 16)
        self.rnn = nn.LSTM(16, 16, batch_first=True)
        self.attn = nn.MultiheadAttention(16, 2, batch_first=True)
        self.out = nn.Linear(16, 40)

    def forward(self, ids):
        h = self.emb(ids)
        mask = make_causal_mask(ids.shape[0], ids.shape[1], h.dtype, h.device)
        h = h + mask.sum() * 0.0
        h, _ = self.rnn(h)
        a, _ = self.attn(h, h, h, need_weights=False)
        return self.out(a)


if __name__ == "__main__":
    torch.manual_seed(0)
    model = Seq().eval()
    cm = torch.compile(model, backend="eager")
    with torch.no_grad():
        for t in (5, 5):
            print(tuple(cm(torch.randint(0, 40, (2, t))).shape))
