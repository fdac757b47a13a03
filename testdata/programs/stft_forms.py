# A spectrogram front end and its inverse (demucs spec.spectro / ispectro, most audio models): torch.stft with
# return_complex=True, view_as_real / view_as_complex around a mask, torch.istft back to the signal; also the
# real-valued form (return_complex=False) of a second call.
import torch


def f(x, nfft=256, hl=64):
    z = torch.stft(x, nfft, hl, window=torch.hann_window(nfft).to(x), win_length=nfft, normalized=True,
                   center=True, return_complex=True, pad_mode='reflect')
    _, freqs, frames = z.shape
    m = torch.view_as_real(z).permute(0, 3, 1, 2)          # B, 2, F, T
    m = m * torch.sigmoid(m.mean(dim=(1, 2), keepdim=True))
    z2 = torch.view_as_complex(m.permute(0, 2, 3, 1).contiguous())
    y = torch.istft(z2, nfft, hl, window=torch.hann_window(nfft).to(z2.real), win_length=nfft,
                    normalized=True, length=x.shape[-1], center=True)
    return y, z.abs()


cf = torch.compile(f, backend="eager")
y, mag = cf(torch.randn(2, 1024))
print(y.shape, mag.shape)


def g(x):
    s = torch.stft(x, 64, window=torch.hann_window(64), return_complex=False)
    return s.pow(2).sum(-1).sqrt()


print(torch.compile(g, backend="eager")(torch.randn(512)).shape)
