# Purpose: an autograd.Function (made in a closure, as Physics-Aware-Training's make_pat_func) whose backward calls
# torch.set_grad_enabled and torch.autograd.functional.vjp. Under grad mode Dynamo speculates the backward; a
# skipped function there should make the .apply call a graph break (2 breaks here), while under no_grad the forward
# is inlined with no break. tparse records an autograd_function_apply HOP with 0 breaks for the grad-mode call.
import torch


def make_func(f_forward, f_backward):
    class func(torch.autograd.Function):
        @staticmethod
        def forward(ctx, *args):
            ctx.save_for_backward(*args)
            return f_forward(*args)

        def backward(ctx, grad_output):
            args = ctx.saved_tensors
            torch.set_grad_enabled(True)
            y = torch.autograd.functional.vjp(f_backward, args, v=grad_output)
            torch.set_grad_enabled(False)
            return y[1]
    return func.apply


f = make_func(lambda x, w: torch.sin(x @ w), lambda x, w: torch.sin(x @ w))


@torch.compile(backend="eager")
def model(x, w1, w2):
    h = f(x, w1).relu()
    return f(h, w2).sum()


w1, w2 = torch.randn(4, 4, requires_grad=True), torch.randn(4, 4, requires_grad=True)
out = model(torch.randn(3, 4), w1, w2)
out.backward()
print(round(out.item(), 4), round(w1.grad.sum().item(), 4))
with torch.no_grad():
    print(round(model(torch.randn(3, 4), w1, w2).item(), 4))
