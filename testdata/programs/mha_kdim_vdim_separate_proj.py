# nn.MultiheadAttention with kdim / vdim other than embed_dim (TGN's temporal attention): three projection weights
# (q / k / v_proj_weight, in_proj_weight None), xavier_uniform_ each; in a frame Dynamo inlines its forward into one
# F.multi_head_attention_forward node with use_separate_proj_weight=True and the three weights.
# Expected torch 2.11 behaviour (backend="eager"): 1 compile, 1 graph, no break.
import torch

torch.manual_seed(0)
mha = torch.nn.MultiheadAttention(embed_dim=8, kdim=12, vdim=12, num_heads=2, dropout=0.0)


def f(q, k, mask):
    out, w = mha(query=q, key=k, value=k, key_padding_mask=mask)
    return out.squeeze(), w.squeeze()


cf = torch.compile(f, backend="eager")
mask = torch.zeros(3, 4, dtype=torch.bool)
mask[0, :2] = True
o, w = cf(torch.randn(1, 3, 8), torch.randn(4, 3, 12), mask)
print(tuple(o.shape), round(o.sum().item(), 4), round(w.sum().item(), 4))
