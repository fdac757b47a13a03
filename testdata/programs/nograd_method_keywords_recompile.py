# A @torch.no_grad() method compiled and called with keywords: eval_frame's inner(*args, **kwargs) holds them in its
# kwargs dict, what the method reads from them is guarded there (`L['kwargs']['bsz'] == 4`), so other keyword values
# recompile; the same values again are a cache hit (from score-SDE's sampler)
import torch


class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.s = 2.0

    @torch.no_grad()
    def sample(self, bsz, steps, device):
        x = torch.zeros((bsz, 3), device=device)
        for i in range(steps):
            x = x + self.s
        return x


m = M()
cs = torch.compile(m.sample, backend="eager")
print(cs(bsz=4, steps=4, device="cpu").shape)
print(cs(bsz=2, steps=6, device="cpu").shape)
print(cs(bsz=4, steps=4, device="cpu").shape)
