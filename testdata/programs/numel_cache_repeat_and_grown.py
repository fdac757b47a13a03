# A KV-cache layer object's numel() read three ways in one compiled step once automatic dynamic has made its length a
# symbol: twice on the input tensor (one `numel` node: the second call's value is the first node's expression) and
# once on the grown cache after torch.cat (a tensor the graph computed: its value is rebuilt from the input's numel
# as a sum, `torch.sym_sum([64, numel])`, which stays in the graph unused).
import torch


class Layer:
    def __init__(self):
        self.keys = torch.zeros(1, 4, 8, 16)


@torch.compile(backend="eager")
def step(layer, k):
    if layer.keys.numel() == 0:
        return k
    past = layer.keys.shape[-2] if layer.keys.numel() > 0 else 0
    layer.keys = torch.cat([layer.keys, k], dim=-2)
    if layer.keys.numel() == 0:
        return k
    return k * past


layer = Layer()
for _ in range(4):
    step(layer, torch.randn(1, 4, 1, 16))
