# A tensor bound as a lambda's default argument (NeRF Embedder: lambda x, p_fn=p_fn, freq=freq: p_fn(x * freq),
# freq a 0-d tensor from iterating freq_bands) is a graph input whose source is the function's __defaults__:
# real placeholder G_embed_defaults_0_embed_fns_1_defaults_1_ (global embed -> __defaults__[0] = eo ->
# .embed_fns[1] -> __defaults__[1]); tparse names it L_tmp<N>_.
import torch

class Embedder:
    def __init__(self):
        self.embed_fns = [lambda x: x]
        for freq in 2. ** torch.linspace(0., 2., steps=3):
            for p_fn in [torch.sin, torch.cos]:
                self.embed_fns.append(lambda x, p_fn=p_fn, freq=freq: p_fn(x * freq))
    def embed(self, inputs):
        return torch.cat([fn(inputs) for fn in self.embed_fns], -1)

embed = lambda x, eo=Embedder(): eo.embed(x)

@torch.compile(backend="eager")
def f(x):
    return embed(x.reshape(-1, 3))

print(f(torch.randn(4, 3)).shape)
print(f(torch.randn(6, 3)).shape)
