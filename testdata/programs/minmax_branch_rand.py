# Pins: OpenVoice's spectrogram_torch range check `if torch.min(y) < -1.1: print(...)` on audio in [-0.8, 0.8)
# made by torch.rand. torch 2.11: the branch breaks (data-dependent jump), the condition is False eagerly, so the
# print is never traced. tparse reports the print's GB0059 break too (it takes the branch).
import torch

def spec(y):
    if torch.min(y) < -1.1:
        print("min value is ", torch.min(y))
    if torch.max(y) > 1.1:
        print("max value is ", torch.max(y))
    return torch.stft(y, 16, hop_length=4, win_length=16, window=torch.hann_window(16), center=False,
                      return_complex=True).abs()

torch.manual_seed(0)
f = torch.compile(spec, backend="eager")
y = torch.rand(1, 200) * 1.6 - 0.8
print(y.min().item(), y.max().item())
print(f(y).shape)
