# a compiled function decorated with @torch.inference_mode() fed back its own output (denoising-diffusion-pytorch's
# p_sample loop): the second input is an inference tensor, the first was not
import torch


@torch.inference_mode()
def p_sample(x, t: int):
    bt = torch.full((x.shape[0],), t, dtype=torch.long)
    noise = torch.randn_like(x) if t > 0 else 0.
    return x * 0.5 + bt[:, None] * 0.1 + noise


ps = torch.compile(p_sample, backend="eager")
img = torch.randn(2, 4)
for t in reversed(range(4)):
    img = ps(img, t)
print(img.shape)
