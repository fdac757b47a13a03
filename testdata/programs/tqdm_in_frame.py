# tqdm(...) called inside the compiled frame and iterated (denoising-diffusion-pytorch's ddim_sample loop): tqdm is
# on Dynamo's third-party skip list, so tqdm.__new__ is "marked as skipped" (graph break) and iterating it
# (tqdm.__iter__, skipped) fails the frame, which runs eagerly; callees get their own frames.
# (needs the tqdm package: the rule is about it)
import torch
from tqdm.auto import tqdm


def step(img, t):
    return img * 0.9 + torch.full((img.shape[0], 1), t, dtype=torch.float32) * 0.01


@torch.compile(backend="eager")
def sample(img, steps):
    img = img.relu()
    for t in tqdm(range(steps), desc="sampling"):
        img = step(img, t)
    return img.clamp(-1, 1)


for b in (2, 3):
    out = sample(torch.randn(b, 4), 3)
print(out.shape)
