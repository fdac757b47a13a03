# Purpose: does tracing clip_grad_norm_ inside a compiled frame evict typing's Union cache, so the next eager backward
# under the callback hands Dynamo typing's Union frames again (frames_seen)? (min-decision-transformer: the chain
# appears again in the second step)
import torch

m = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.ReLU(), torch.nn.Linear(8, 1))


@torch.compile(backend="eager")
def train_step(x):
    loss = m(x).pow(2).mean()
    loss.backward()
    torch.nn.utils.clip_grad_norm_(m.parameters(), 0.25)
    return loss


for i in range(3):
    m.zero_grad()
    print(round(train_step(torch.randn(5, 4)).item(), 4))
