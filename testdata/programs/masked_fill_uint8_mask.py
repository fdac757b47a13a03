# Purpose: pcyin/pytorch_basic_nmt's attention does `att_weight.data.masked_fill_(mask.byte(), -inf)`.
# torch >= 2.1 rejects non-bool masks in masked_fill ("masked_fill_ only supports boolean masks, but got mask
# with dtype unsigned char"); under torch.compile the error comes from tracing (fake tensors) or from running
# the graph. Expected under torch 2.11: every call raises RuntimeError (caught here); compare compiles /
# failures with tparse, which (frozen binary) runs the masked_fill_ without complaint.
import torch


@torch.compile(backend="eager")
def attend(h, enc, mask):
    w = torch.bmm(enc, h.unsqueeze(2)).squeeze(2)
    w.data.masked_fill_(mask.byte(), -float("inf"))
    return torch.softmax(w, dim=-1)


enc = torch.randn(2, 5, 4)
mask = torch.zeros(2, 5)
mask[1, 3:] = 1
for i in range(2):
    try:
        print(attend(torch.randn(2, 4), enc, mask).sum().item())
    except RuntimeError as e:
        print("RuntimeError", str(e).splitlines()[0][:90])
