# Tensor.view(dtype) with another element size scales the last dim: f32[8, 8].view(torch.uint8) is u8[8, 32][32, 1] in torch; tparse keeps u8[8, 8] (from schedule_free wrap_schedulefree.py swap(): x.view(torch.uint8).bitwise_xor_(...))
import torch
torch.manual_seed(0)

def swap(x, y):
    x.view(torch.uint8).bitwise_xor_(y.view(torch.uint8))
    y.view(torch.uint8).bitwise_xor_(x.view(torch.uint8))
    x.view(torch.uint8).bitwise_xor_(y.view(torch.uint8))
    return x.view(torch.int16).shape, y.view(torch.float64).shape

f = torch.compile(swap, backend="eager")
a, b = torch.randn(8, 8), torch.randn(8, 8)
print(f(a, b), a[0, 0].item())
