# Purpose: MuZero's update_weights (koulanurag/muzero-pytorch core/train.py) calls register_hook on intermediate
# tensors inside the compiled step: `hidden_state.register_hook(lambda g: g * 0.5)` in the unroll loop and
# `weighted_loss.register_hook(lambda g: g * scale)` after it. torch 2.11 without compiled autograd: GB0029
# "Compilation of intermediate hooks requires compiled autograd" — in the loop the frame is skipped (graph break in
# loop), outside a loop the graph breaks and resumes. tparse 0.1: 'Tensor.register_hook' unsupported, no break.
import torch

torch.manual_seed(0)
lin = torch.nn.Linear(4, 4)


def unroll(x, steps):
    h = x
    loss = 0
    for _ in range(steps):
        h = torch.tanh(lin(h))
        h.register_hook(lambda grad: grad * 0.5)
        loss = loss + h.pow(2).mean()
    return loss


def weighted(x, scale):
    loss = lin(x).pow(2).mean()
    loss.register_hook(lambda grad: grad * scale)
    return loss * 2


cu = torch.compile(unroll, backend="eager")
cw = torch.compile(weighted, backend="eager")
for i in range(2):
    x = torch.randn(3, 4, requires_grad=True)
    cu(x, 3).backward()
    g1 = x.grad.sum().item()
    x.grad = None
    cw(x, 0.25).backward()
    print(i, round(g1, 5), round(x.grad.sum().item(), 5))
