# A resumed call returns a tuple holding an item() float that the frame unpacks into `_` and never reads: Dynamo
# wraps the items lazily and guards one where the frame first reads its local, so `_` has no guard and the next calls,
# whose float differs, hit the resume's cache entry (galerkin-transformer's train_batch_burgers, real torch 2.11).
import torch

def loss_fn(a, b):
    l = ((a - b) ** 2).mean()
    m = l.sqrt().item()          # gb0124 break inside the callee
    return l, l * 2, l * 3, m

def step(a, b):
    a = a * 1.0
    x, y, z, _ = loss_fn(a, b)   # the inlined callee breaks: resume at this line with the tuple as ___stack0
    return x + y + z

f = torch.compile(step, backend="eager")
for i in range(3):
    print(f(torch.randn(4), torch.randn(4)))
