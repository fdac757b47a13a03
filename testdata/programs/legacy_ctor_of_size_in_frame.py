# Pins: a legacy typed constructor given a tensor's torch.Size inside compiled code (pixel-cnn-pp's sampler:
# `temp = torch.FloatTensor(logit_probs.size()); temp.uniform_(...)`). Eagerly that is an uninitialized tensor of
# that shape; in a frame Dynamo hands the static Size on as numbers, so the fake tensor is 1-D of rank-many elements
# and the arithmetic that follows fails to broadcast: torch 2.11 raises TorchRuntimeError to the caller.
import torch


def sample(logits):
    temp = torch.FloatTensor(logits.size())
    temp.uniform_(1e-5, 1.0 - 1e-5)
    return (logits - torch.log(-torch.log(temp))).argmax(dim=-1)


print(sample(torch.randn(2, 3, 4)).shape)
try:
    print(torch.compile(sample, backend="eager")(torch.randn(2, 3, 4)).shape)
except Exception as e:
    print(type(e).__name__, str(e).splitlines()[0])
