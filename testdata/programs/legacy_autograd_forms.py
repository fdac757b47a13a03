# Older model code and autograd helpers met in other authors' repositories: `from torch.autograd import Function,
# Variable`, Variable(t) in a frame (GB0007 at the polyfill's cls.__new__, resumable), Tensor.new(*sizes) (traced as
# new_empty), torch.arange of a 0-d tensor (GB0033, vits' sequence_mask), torch.autograd.grad in a frame (GB9186,
# WGAN-GP's gradient penalty), torch.amp.custom_fwd / custom_bwd on an autograd.Function (mamba), an LSTM's
# flatten_parameters() outside the frame.
from functools import partial

import torch
from torch.autograd import Function, Variable

custom_fwd = partial(torch.amp.custom_fwd, device_type="cuda")
custom_bwd = partial(torch.amp.custom_bwd, device_type="cuda")


class Sq(Function):
    @staticmethod
    @custom_fwd
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * x

    @staticmethod
    @custom_bwd
    def backward(ctx, g):
        (x,) = ctx.saved_tensors
        return 2 * x * g


def decoder_state(memory):
    b = memory.size(0)
    h = Variable(memory.data.new(b, 4).zero_())
    c = memory.new(b, memory.size(2)).fill_(1.0)
    return torch.cat((h, memory.sum(1) + c), -1)


def sequence_mask(length):
    x = torch.arange(length.max(), dtype=length.dtype)
    return x.unsqueeze(0) < length.unsqueeze(1)


def penalty(d, real):
    x = (real * 0.5).requires_grad_(True)
    y = d(x)
    g = torch.autograd.grad(outputs=y, inputs=x, grad_outputs=torch.ones(real.shape[0], 1), create_graph=True)[0]
    return ((g.norm(2, dim=1) - 1) ** 2).mean() + Sq.apply(real).sum()


lstm = torch.nn.LSTM(3, 3)
lstm.flatten_parameters()
d = torch.nn.Sequential(torch.nn.Linear(3, 4), torch.nn.LeakyReLU(0.2), torch.nn.Linear(4, 1))
print(torch.compile(decoder_state, backend="eager")(torch.randn(2, 5, 3)).shape)
print(torch.compile(sequence_mask, backend="eager")(torch.tensor([3, 5])).shape)
print(torch.compile(penalty, backend="eager")(d, torch.randn(2, 3)).shape)
