# A torch.Generator handed to a traced op (`torch.rand(shape, generator=g)`): Dynamo holds it as a user object with
# no as_proxy(), GB0055 "Failed to convert args/kwargs to proxy" at the call (entropix's sampler)
import torch
g = torch.Generator(device="cpu").manual_seed(1337)

def f(p, generator=g):
    q = torch.rand(p.shape, generator=generator, device=p.device)   # torch 2.11: GB0055, Generator has no as_proxy
    return torch.argmax(p / q, dim=-1, keepdim=True)

print(torch.compile(f, backend="eager")(torch.rand(1, 8)))
