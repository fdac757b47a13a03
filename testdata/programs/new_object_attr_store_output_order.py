# graph break: a new object's attribute stores are replayed last-stored-first (side_effects.codegen_update_mutated iterates reversed(store_attr_mutations)), after the stack, objects in creation order (from transformers cache_utils.py DynamicLayer.update + modeling_outputs)
import torch

class Layer:
    def __init__(self):
        self.keys = None
        self.values = None

class Out:
    def __init__(self, loss, logits, cache):
        self.loss, self.logits, self.cache = loss, logits, cache

def f(x):
    layer = Layer()
    layer.keys = torch.cat([x, x])
    layer.values = torch.cat([x, -x])
    out = Out((layer.keys * 2).sum(), layer.keys @ layer.values.T, layer)   # logits: no frame local
    out.loss.backward()          # graph break
    return out.loss, out.logits

cf = torch.compile(f, backend="eager")
loss, logits = cf(torch.randn(2, 3, requires_grad=True))
print(round(float(loss), 4), tuple(logits.shape))
