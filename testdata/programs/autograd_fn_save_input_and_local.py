# autograd.Function whose forward saves an input and an intermediate (ctx.save_for_backward(A_in, X)): torch's bwd_body gets both as placeholders (..., delta_a, x_1), fwd_body aliases its inputs (delta_a = deltaA; bx = BX) and the HOP says saved_for_backward_idx = [0, 1]; tparse writes saved_for_backward_idx = [0], drops the intermediate from bwd_body's placeholders and references an undefined `l_tmp6_` there (from alxndrTL/mamba.py mambapy/pscan.py PScan)
import torch
torch.manual_seed(0)

class Scan(torch.autograd.Function):
    @staticmethod
    def forward(ctx, A_in, X_in):
        A = A_in.clone()
        X = X_in.clone()
        X[:, 1:].add_(A[:, 1:] * X[:, :-1])
        ctx.save_for_backward(A_in, X)
        return X
    @staticmethod
    def backward(ctx, grad):
        A_in, X = ctx.saved_tensors
        return grad * X, grad * A_in

def step(delta, B):
    deltaA = torch.exp(delta)
    BX = delta * B
    loss = Scan.apply(deltaA, BX).sum()
    loss.backward()
    return loss

f = torch.compile(step, backend="eager")
d = torch.randn(2, 8, requires_grad=True)
print(f(d, torch.randn(2, 8)), d.grad.shape)
