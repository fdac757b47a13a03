# a resume function whose only call before a nested break is a comparison of two SymInts (an .item() value on its stack
# and a size local, both dynamic after the second input's recompile): Dynamo compiles that graph (count_calls is 1 when
# it is made) and prunes the unused comparison and inputs, so an empty graph is compiled (from XLM / FlauBERT's
# `assert lengths.max().item() <= slen` before get_masks)
import torch


def get_masks(slen, lengths):
    alen = torch.arange(slen, dtype=torch.long, device=lengths.device)
    assert lengths.max().item() <= slen
    return alen < lengths[:, None]


class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = torch.nn.Embedding(32, 8)

    def forward(self, ids):
        bs, slen = ids.size()
        lengths = (ids != 0).sum(dim=1).long()
        assert lengths.max().item() <= slen
        mask = get_masks(slen, lengths)
        return self.emb(ids) * mask[..., None]


m = M()
cm = torch.compile(m, backend="eager")
with torch.no_grad():
    for n in (8, 12):
        print(tuple(cm(torch.randint(1, 32, (1, n))).shape))
