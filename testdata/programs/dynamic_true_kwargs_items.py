# torch.compile(dynamic=True) of a sampler taking its settings through **kwargs and a tuple (a generation library's
# compiled prefill: `logits / max(temperature, 1e-5)`, `topk(logits, min(top_k, logits.size(-1)))`): with
# assume_static_by_default off, the int items are SymInts and the float items unspecialized from the first compile,
# so max / min of them are torch.sym_max / sym_min nodes, and other values do not recompile.
import torch


def sample(logits, window, **sampling_kwargs):
    temperature = sampling_kwargs["temperature"]
    top_k = sampling_kwargs["top_k"]
    logits = logits[:, -window[0]:].mean(dim=1) / max(temperature, 1e-5)
    v, _ = torch.topk(logits, min(top_k, logits.size(-1)))
    pivot = v.select(-1, -1).unsqueeze(-1)
    logits = torch.where(logits < pivot, -float("Inf"), logits)
    return torch.softmax(logits, dim=-1) * window[1]


torch.manual_seed(0)
fn = torch.compile(sample, backend="eager", dynamic=True)
x = torch.randn(2, 8, 32)
print(fn(x, (4, 2), temperature=0.8, top_k=5).shape)
print(fn(x, (3, 2), temperature=0.7, top_k=6).shape)
print(fn(torch.randn(2, 10, 32), (4, 3), temperature=1.0, top_k=5).shape)
