# tensor args passed through an inlined helper: torch lifts each argument lazily at first real use (so a Linear's weight/bias come before the input, and `actions` after them); tparse lifts the helper's tensor arguments at the call (from pytorch-a2c-ppo-acktr-gail: a compiled PPO step calling Policy.evaluate_actions(obs, hxs, masks, actions))
import torch
import torch.nn as nn
torch.manual_seed(0)
pol = nn.Sequential(nn.Linear(4, 8), nn.Tanh(), nn.Linear(8, 2))


def evaluate_actions(inputs, hxs, actions):
    mean = pol(inputs)
    return -((actions - mean) ** 2).sum(-1, keepdim=True)


@torch.compile(backend="eager")
def ppo_loss(obs, hxs, actions, old_lp):
    lp = evaluate_actions(obs, hxs, actions)
    return torch.exp(lp - old_lp).mean()


print(ppo_loss(torch.randn(5, 4), torch.zeros(5, 1), torch.randn(5, 2), torch.randn(5, 1)))
