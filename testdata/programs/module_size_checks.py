# Checks torch.nn makes from sizes alone: batch_norm / instance_norm in training with one value per channel
# (PyTorch-GAN's MUNIT at a 1x1 bottleneck), RNN parameters per layer and direction (d2l's init_seq2seq walks
# _flat_weights_names), scaled_dot_product_attention's mask broadcast; then a compiled step over them.
import torch
from torch import nn
import torch.nn.functional as F

bn = nn.BatchNorm1d(4)
try:
    bn(torch.randn(1, 4))
    ok = False
except ValueError as e:
    ok = str(e) == "Expected more than 1 value per channel when training, got input size torch.Size([1, 4])"
assert ok
inorm = nn.InstanceNorm2d(3)
try:
    inorm(torch.randn(2, 3, 1, 1))
    ok = False
except ValueError as e:
    ok = str(e) == "Expected more than 1 spatial element when training, got input size torch.Size([2, 3, 1, 1])"
assert ok

g = nn.GRU(4, 6, 2, bidirectional=True)
assert g._flat_weights_names[:4] == ["weight_ih_l0", "weight_hh_l0", "bias_ih_l0", "bias_hh_l0"]
assert g._flat_weights_names[4] == "weight_ih_l0_reverse" and len(g._flat_weights_names) == 16
assert g.weight_ih_l1.shape == (18, 12) and g.bias_hh_l1_reverse.shape == (18,)
assert len(g._flat_weights) == 16 and len(g.all_weights) == 4 and g.all_weights[0][0].shape == (18, 4)
for name in g._flat_weights_names:
    if "weight" in name:
        nn.init.xavier_uniform_(g._parameters[name])

q = torch.randn(2, 4, 8, 16)
k = torch.randn(2, 4, 10, 16)
assert F.scaled_dot_product_attention(q, k, k, attn_mask=torch.ones(8, 10, dtype=torch.bool)).shape == (2, 4, 8, 16)


@torch.compile(backend="eager")
def step(x, q, k):
    a = F.scaled_dot_product_attention(q, k, k, attn_mask=torch.ones(2, 1, 1, 10, dtype=torch.bool))
    return bn(x).relu(), inorm(a[:, :3]).sum()


print([t.shape for t in step(torch.randn(5, 4), q, k)])
