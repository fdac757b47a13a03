# TransformedDistribution(Normal, [custom Transform subclass]) rsample/log_prob/.mean inside a compiled fn: torch inlines it all into one graph (tanh, softplus log-det, _sum_rightmost); tparse leaves SquashedNormal unmodelled (from pytorch_sac agent/actor.py SquashedNormal / TanhTransform)
import math
import torch
import torch.nn.functional as F
from torch import distributions as pyd
torch.manual_seed(0)


class TanhTransform(pyd.transforms.Transform):
    domain = pyd.constraints.real
    codomain = pyd.constraints.interval(-1.0, 1.0)
    bijective = True
    sign = +1

    def __init__(self, cache_size=1):
        super().__init__(cache_size=cache_size)

    def __eq__(self, other):
        return isinstance(other, TanhTransform)

    def _call(self, x):
        return x.tanh()

    def _inverse(self, y):
        return 0.5 * (y.log1p() - (-y).log1p())

    def log_abs_det_jacobian(self, x, y):
        return 2. * (math.log(2.) - x - F.softplus(-2. * x))


class SquashedNormal(pyd.transformed_distribution.TransformedDistribution):
    def __init__(self, loc, scale):
        self.loc = loc
        self.scale = scale
        self.base_dist = pyd.Normal(loc, scale)
        super().__init__(self.base_dist, [TanhTransform()])

    @property
    def mean(self):
        mu = self.loc
        for tr in self.transforms:
            mu = tr(mu)
        return mu


@torch.compile(backend="eager")
def act(mu, log_std):
    dist = SquashedNormal(mu, log_std.exp())
    a = dist.rsample()
    return a, dist.log_prob(a).sum(-1, keepdim=True), dist.mean


a, lp, m = act(torch.randn(4, 3), torch.zeros(4, 3))
print(a.shape, lp.shape, m.shape)
