# torch.distributions inside compiled code, as RL agents and VAEs use it (cleanrl's PPO / SAC, PyTorch-VAE):
# Dynamo inlines the distributions' Python, so their tensor ops are graph nodes: Categorical from logits and from
# probs (sample under a grad-mode switch, log_prob, entropy), Normal (rsample, log_prob, entropy, sample under
# no_grad), Bernoulli, Uniform, Independent and kl_divergence between Normals.
import torch
import torch.nn as nn
from torch.distributions import Bernoulli, Independent, Normal, Uniform, kl_divergence
from torch.distributions.categorical import Categorical

actor = nn.Linear(4, 3)
critic = nn.Linear(4, 4)


def act(x, action=None):
    logits = actor(x)
    probs = Categorical(logits=logits)
    if action is None:
        action = probs.sample()
    p2 = Categorical(probs=torch.softmax(logits, -1))
    return action, probs.log_prob(action), probs.entropy() + p2.entropy(), p2.probs.sum()


def gaussian(x):
    mean, log_std = critic(x).chunk(2, dim=-1)
    normal = Normal(mean, log_std.exp())
    x_t = normal.rsample()
    y_t = torch.tanh(x_t)
    log_prob = normal.log_prob(x_t)
    log_prob -= torch.log(1 - y_t.pow(2) + 1e-6)
    prior = Normal(torch.zeros_like(mean), torch.ones_like(mean))
    kl = kl_divergence(Independent(normal, 1), Independent(prior, 1))
    b = Bernoulli(logits=mean)
    u = Uniform(torch.zeros_like(mean), torch.ones_like(mean) * 2)
    extra = b.log_prob(b.sample()).sum() + b.entropy().sum() + u.log_prob(u.rsample() * 0.5).sum() + u.entropy().sum()
    return y_t, log_prob.sum(1, keepdim=True), kl, normal.entropy().sum() + normal.sample().sum() + extra


ca = torch.compile(act, backend="eager")
cg = torch.compile(gaussian, backend="eager")
with torch.no_grad():
    print([t.shape for t in ca(torch.randn(2, 4))])
print([t.shape for t in ca(torch.randn(2, 4), torch.tensor([0, 2]))])
print([t.shape for t in cg(torch.randn(3, 4))])
