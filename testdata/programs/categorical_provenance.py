# ops run inside torch.distributions.Categorical.__init__ / log_prob / entropy carry `# File: .../torch/distributions/categorical.py:LINE` provenance in the graph, not the user's call line (from tianshou tianshou/utils/net/discrete.py dist_fn_categorical_from_logits + PPO update)
import torch

torch.manual_seed(0)
lin = torch.nn.Linear(6, 4)

def f(obs, act):
    dist = torch.distributions.Categorical(logits=lin(obs))
    return dist.log_prob(act), dist.entropy()

g = torch.compile(f, backend="eager")
lp, ent = g(torch.randn(5, 6), torch.randint(0, 4, (5,)))
print(lp.shape, ent.shape)
