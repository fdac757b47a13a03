# Purpose: minLlama3's pattern: a method decorated with @torch.inference_mode() is compiled via
# torch.compile(model.method); inside, a plain-tensor KV cache attribute is reassigned (`self.cache = self.cache.to(x)`)
# and written by slice at [start_pos : start_pos + T], then read back up to start_pos + T. Called with a growing
# prompt at start_pos 0, then single tokens at start_pos 4, 5, 6. Frame names (the decorator's wrapper), the
# inference-mode handling and the recompiles on T / start_pos are the points to compare.
import torch
import torch.nn as nn


class Tiny(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(8, 8)
        self.cache = torch.zeros(2, 16, 8)

    @torch.inference_mode()
    def step(self, x, start_pos: int):
        B, T, _ = x.shape
        h = self.proj(x)
        self.cache = self.cache.to(h)
        self.cache[:B, start_pos:start_pos + T] = h
        keys = self.cache[:B, :start_pos + T]
        att = torch.softmax(h @ keys.transpose(1, 2), dim=-1)
        return att @ keys


torch.manual_seed(0)
m = Tiny()
cstep = torch.compile(m.step, backend="eager")
x = torch.randn(2, 4, 8)
for T in (3, 4):
    print("prompt", T, round(cstep(x[:, :T], 0).sum().item(), 4))
for pos in (4, 5, 6):
    print("token", pos, round(cstep(torch.randn(2, 1, 8), pos).sum().item(), 4))
