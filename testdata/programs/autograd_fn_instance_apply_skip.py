# A legacy-style `Fn().apply(x, emb)` (apply on a Function instance the frame makes: nadavbh12's VQ-VAE
# NearestEmbedFunc) whose forward breaks (`int(np.prod(...))`): attempt 1 cannot rebuild the sourceless
# AutogradFunctionVariable for the resume (GB0092), the frame fails and runs eagerly, where Function.__init__'s
# DeprecationWarning is shown (the warnings module's frames); forward is a frame of its own.
import numpy as np
import torch
from torch.autograd import Function


class NearestFn(Function):
    @staticmethod
    def forward(ctx, x, emb):
        ctx.num_latents = int(np.prod(np.array(x.size()[2:])))
        d = ((x.unsqueeze(-1) - emb.view(emb.shape[0], 1, emb.shape[1])) ** 2).sum(1)
        idx = d.argmin(-1)
        ctx.save_for_backward(idx)
        return emb.t().index_select(0, idx.view(-1)).view(x.shape[0], x.shape[2], x.shape[1]).permute(0, 2, 1), idx

    @staticmethod
    def backward(ctx, grad, grad_idx=None):
        return grad, None


def quantize(x, emb):
    return NearestFn().apply(x, emb)


emb = torch.randn(4, 5, requires_grad=True)
f = torch.compile(lambda x: quantize(x * 2, emb)[0].sum(), backend="eager")
x = torch.randn(2, 4, 3, requires_grad=True)
y = f(x)
y.backward()
print(round(y.item(), 3), round(x.grad.sum().item(), 3))
with torch.no_grad():
    print(round(f(torch.randn(2, 4, 3)).item(), 3))
