# A complex literal in a compiled frame (S4D's kernel: `A = -exp(log_a) + 1j * a_imag`): the tensor becomes
# complex64, the literal is the node's constant argument; .real goes back to float32
import torch


def kernel(log_a, a_imag, L: int):
    A = -torch.exp(log_a) + 1j * a_imag
    K = A.unsqueeze(-1) * torch.arange(L)
    z = complex(0.5, -1.0) * torch.exp(K)
    return 2 * z.real + abs(1 + 1j)


ck = torch.compile(kernel, backend="eager")
ck(torch.randn(4, 8), torch.randn(4, 8), 16)
ck(torch.randn(4, 8), torch.randn(4, 8), 16)
