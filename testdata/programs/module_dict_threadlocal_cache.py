# Pins: F5-TTS DiT's text-embedding cache: a threading.local kept in the module's __dict__ (read with
# self.__dict__.get), created lazily inside the compiled forward, written through property setters.
# Call 1 creates the cache and fills it; call 2 finds it filled and takes the other branch.
# tparse: 1 compile, no break, no guard on __dict__['_cache_local'] (calls 2-3 reuse call 1's graph).
import threading
import torch
import torch.nn as nn

class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Linear(8, 8)

    @property
    def cond(self):
        cache = self.__dict__.get("_cache_local")
        return getattr(cache, "cond", None) if cache is not None else None

    @cond.setter
    def cond(self, value):
        cache = self.__dict__.get("_cache_local")
        if cache is None:
            cache = threading.local()
            self.__dict__["_cache_local"] = cache
        cache.cond = value

    def forward(self, x, text):
        if self.cond is None:
            self.cond = self.emb(text)
        return x + self.cond

torch.manual_seed(0)
m = M()
cm = torch.compile(m, backend="eager")
text = torch.randn(2, 8)
for _ in range(3):
    print(cm(torch.randn(2, 8), text).sum().item())
