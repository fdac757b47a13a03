# torchtune's rotary embedding under a KV cache: `rope_cache = self.cache[input_pos]` is indexed by a static position
# tensor, then viewed with the token tensor's length `rope_cache.view(-1, seq_len, 1, 2 * d)`. Once automatic dynamic
# has made the length a symbol, the element count of the static cache pins it: ShapeEnv specializes the symbol
# (range_refined_to_singleton) and the graph keeps the size reads it made before as `Sym(4)`.
import torch

cache = torch.randn(16, 8)
pos = torch.arange(4).expand(2, 4)


@torch.compile(backend="eager")
def rope(x, input_pos):
    b, seq_len, d = x.shape
    rc = cache[input_pos]
    rc = rc.view(-1, seq_len, 1, 8)
    return x.view(1, seq_len, 1, d * b) * rc


for n in (2, 4, 4):
    print(rope(torch.randn(2, n, 4), pos).shape)
