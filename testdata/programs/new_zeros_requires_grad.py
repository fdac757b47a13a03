# Purpose: a tensor factory with requires_grad=True inside a compiled forward, as a Tensor method
# (`image.new_zeros(..., requires_grad=True)`, anordertoreclaim/PixelCNN) and as a torch function
# (`torch.zeros(..., requires_grad=True)`). tparse traces the method form into the graph with no break; Dynamo's
# torch-function path rejects requires_grad factories; check both under torch 2.11.
import torch


@torch.compile(backend="eager")
def f(image):
    skip = image.new_zeros((image.shape[0], 4), requires_grad=True)
    return skip + image.sum(1, keepdim=True)


@torch.compile(backend="eager")
def g(image):
    skip = torch.zeros((image.shape[0], 4), requires_grad=True)
    return skip + image.sum(1, keepdim=True)


for bs in (2, 3):
    a = f(torch.randn(bs, 4))
    b = g(torch.randn(bs, 4))
    print(bs, tuple(a.shape), a.requires_grad, tuple(b.shape), b.requires_grad)
