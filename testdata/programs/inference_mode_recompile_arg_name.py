# A module forward decorated with @torch.inference_mode() is traced through torch/_dynamo/external_utils.py
# inner(*args, **kwargs): the tensor argument's source is args[0], so its placeholder is L_args_0_ in EVERY
# compile, the recompiled one included (real torch 2.11: `l_args_0_ = L_args_0_` then `l_args_1_`, in that order)
import torch
class M(torch.nn.Module):
    @torch.inference_mode()
    def forward(self, x, p: int = 0):
        s = x.size(1)
        return x.float().view(*x.shape[:-1], -1, 2) * s + p
cm = torch.compile(M(), backend="eager")
for s, p in ((6, 0), (3, 6), (4, 7)):
    out = cm(torch.randn(2, s, 8), p)
print(out.shape)
