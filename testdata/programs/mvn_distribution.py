# Pins: torch.distributions.MultivariateNormal inside a compiled function (PPO-PyTorch ActorCritic.act/evaluate).
# tparse had no MultivariateNormal: every op after it was unmodelled.
# Dynamo 2.11 inlines torch/distributions/multivariate_normal.py (cholesky, diag_embed, triangular solve ...).
import torch
from torch.distributions import MultivariateNormal

torch.manual_seed(0)
lin = torch.nn.Linear(4, 2)
var = torch.full((2,), 0.36)

@torch.compile(backend="eager")
def evaluate(state, action):
    mean = lin(state)
    cov = torch.diag_embed(var.expand_as(mean))
    dist = MultivariateNormal(mean, cov)
    return dist.log_prob(action), dist.entropy(), dist.sample()

for n in (8, 12):
    lp, ent, a = evaluate(torch.randn(n, 4), torch.randn(n, 2))
    print(lp.shape, ent.shape, a.shape)
