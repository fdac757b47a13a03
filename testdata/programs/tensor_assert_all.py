# assert on a tensor (assert (env > 1e-11).all(), msg-less) inside a compiled frame, dynamic length on the 2nd call
# (vocos ISTFT "same" padding: fold overlap-add, window envelope check)
import torch
torch.manual_seed(0)
window = torch.hann_window(16)
@torch.compile(backend="eager")
def f(spec):
    B, N, T = spec.shape
    ifft = torch.fft.irfft(spec, 16, dim=1, norm="backward") * window[None, :, None]
    output_size = (T - 1) * 4 + 16
    y = torch.nn.functional.fold(ifft, output_size=(1, output_size), kernel_size=(1, 16), stride=(1, 4))[:, 0, 0, 6:-6]
    env = torch.nn.functional.fold(window.square().expand(1, T, -1).transpose(1, 2), output_size=(1, output_size),
                                   kernel_size=(1, 16), stride=(1, 4)).squeeze()[6:-6]
    assert (env > 1e-11).all()
    return y / env
for t in (16, 24):
    spec = torch.randn(2, 9, t) * (1 + 1j)
    print(f(spec).shape)
