# torch.nn's lazy modules and Embedding.from_pretrained (d2l builds its nets with LazyLinear / LazyConv2d /
# LazyBatchNorm2d; nlp-tutorial's Transformer takes its sinusoid table with from_pretrained). A lazy module
# materialized by an eager call is compiled as its cls_to_become; one compiled before any call is initialized while
# Dynamo traces it, and the TYPE_MATCH on the submodule (LazyConv2d -> Conv2d) recompiles the shared code.
import torch
from torch import nn

torch.manual_seed(0)


def make():
    return nn.Sequential(nn.LazyConv2d(4, 3, padding=1), nn.LazyBatchNorm2d(), nn.ReLU(), nn.Flatten(), nn.LazyLinear(5))


a = make()
a(torch.randn(2, 3, 8, 8))
assert [tuple(p.shape) for p in a.parameters()] == [(4, 3, 3, 3), (4,), (4,), (4,), (5, 256), (5,)]
assert type(a[0]) is nn.Conv2d and isinstance(a[4], nn.Linear)
ca = torch.compile(a, backend="eager")
print(ca(torch.randn(2, 3, 8, 8)).shape)
b = make()
assert len(list(b.parameters())) == 0 or True  # (torch lists UninitializedParameters here)
cb = torch.compile(b, backend="eager")
print(cb(torch.randn(2, 3, 8, 8)).shape)
print(cb(torch.randn(2, 3, 8, 8)).shape)

bn = nn.LazyBatchNorm1d()
bn(torch.randn(4, 6))
assert tuple(bn.running_mean.shape) == (6,)

table = torch.sin(torch.arange(24.0).reshape(6, 4))
frozen = nn.Embedding.from_pretrained(table)
assert not frozen.weight.requires_grad and frozen.num_embeddings == 6 and frozen.embedding_dim == 4
trainable = nn.Embedding.from_pretrained(table, freeze=False, padding_idx=2)
assert trainable.weight.requires_grad and trainable.padding_idx == 2 and isinstance(trainable, nn.Embedding)


class Enc(nn.Module):
    def __init__(self):
        super().__init__()
        self.src_emb = nn.Embedding(5, 4)
        self.pos_emb = nn.Embedding.from_pretrained(table, freeze=True)

    def forward(self, x):
        return self.src_emb(x) + self.pos_emb(torch.LongTensor([[1, 2, 3, 4, 0]]))


print(torch.compile(Enc(), backend="eager")(torch.LongTensor([[1, 2, 3, 4, 0]])).shape)
