# nn.MultiheadAttention.forward (training mode) reads self.in_proj_weight three times: the fast-path checks
# `self.in_proj_weight is None` and `query.dtype != self.in_proj_weight.dtype`, then the F.multi_head_attention_forward
# argument. With a parametrization on in_proj_weight (minLoRA add_lora) every read runs the parametrization, so real
# torch's graph holds its ops 3 times (2 dead copies); eval + no_grad reads it 4 times (tensor_args too). minLoRA.
import torch
import torch.nn as nn
import torch.nn.utils.parametrize as P


class Scale(nn.Module):
    def forward(self, w):
        return w * 2.0


torch.manual_seed(0)
mha = nn.MultiheadAttention(8, 2, batch_first=True)
P.register_parametrization(mha, "in_proj_weight", Scale())


@torch.compile(backend="eager")
def f(x):
    y, _ = mha(x, x, x, need_weights=False)
    return y


for b in (2, 3):
    out = f(torch.randn(b, 4, 8))
print(out.shape)
