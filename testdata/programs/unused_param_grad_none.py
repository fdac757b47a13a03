# loss.backward() leaves .grad None on parameters the loss does not reach; clip_grad_norm_'s `if p.grad is not None` then skips them (from kzl/decision-transformer seq_trainer.py: predict_state / predict_return / GPT2 wte unused)
import torch
import torch.nn as nn

torch.manual_seed(0)
used, unused = nn.Linear(4, 3), nn.Linear(4, 2)
params = list(used.parameters()) + list(unused.parameters())


@torch.compile(backend="eager")
def step(x):
    loss = used(x).pow(2).mean()
    loss.backward()
    return torch.nn.utils.clip_grad_norm_(params, 0.25)


print(step(torch.randn(5, 4)) > 0)
