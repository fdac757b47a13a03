# nodes made inside torch.distributions (Categorical.__init__/log_prob/entropy, Normal.sample/log_prob, broadcast_all) carry `# File: .../torch/distributions/<file>.py:LINE in <method>` comments in torch; tparse attributes them to the user line that called the distribution (from pytorch-a2c-ppo-acktr-gail distributions.py FixedCategorical / FixedNormal)
import torch
torch.manual_seed(0)


@torch.compile(backend="eager")
def f(logits, a, mu, std):
    d = torch.distributions.Categorical(logits=logits)
    n = torch.distributions.Normal(mu, std)
    x = n.sample()
    return d.log_prob(a), d.entropy(), n.log_prob(x).sum(-1)


out = f(torch.randn(4, 5), torch.randint(0, 5, (4,)), torch.zeros(4, 2), torch.ones(4, 2))
print([o.shape for o in out])
