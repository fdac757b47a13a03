# torch.stft on a dynamic-length signal: torch's frame count is symbolic ((s//hop) + 1) in the recompiled graph; tparse writes the concrete hint (from sigsep/open-unmix-pytorch openunmix/transforms.py TorchSTFT)
import torch

torch.manual_seed(0)
window = torch.hann_window(16)


def spec(x):
    s = torch.stft(x, n_fft=16, hop_length=4, window=window, center=True, return_complex=True)
    return torch.view_as_real(s)


f = torch.compile(spec, backend="eager")
for length in (64, 80):
    print(f(torch.randn(2, length)).shape)
