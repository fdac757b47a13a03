# a graph break inside an inlined call inside a for loop ("graph break in loop", frame skipped): torch's reason says "Graph break in user code at <innermost file:line>" (the tensor-index slice), tparse names the call line in the looping frame (from glow-tts FlowSpecDecoder/WN loops calling commons.fused_add_tanh_sigmoid_multiply)
import torch
torch.manual_seed(0)


def gate(a, n_channels):
    n = n_channels[0]
    return torch.tanh(a[:, :n]) * torch.sigmoid(a[:, n:])


@torch.compile(backend="eager")
def f(x):
    n_channels = torch.IntTensor([2])
    for i in range(2):
        x = torch.cat([gate(x, n_channels), x[:, :2]], 1)
    return x


print(f(torch.randn(3, 4)).shape)
