# numpy's legacy generator's gamma / beta / dirichlet as mtrand draws them (Marsaglia-Tsang over the polar Gaussian,
# the shape < 1 rejection, Johnk's beta, dirichlet one gamma per alpha), so a seeded script's values (AlphaZero's
# Dirichlet noise on its move probabilities) are numpy's own. In a frame np.random.dirichlet is no torch._numpy
# function: a GB0294 break at the call, which then draws eagerly.
# Expected torch 2.11 behaviour (backend="eager"): the printed values equal numpy's; 2 graphs, 1 break (GB0294).
import numpy as np
import torch

np.random.seed(3)
print([round(float(v), 12) for v in np.random.gamma(0.3, size=4)])
print([round(float(v), 12) for v in np.random.gamma(2.5, 2.0, size=3)])
print([round(float(v), 12) for v in np.random.standard_gamma(1.0, size=2)])
print([round(float(v), 12) for v in np.random.beta(0.5, 0.7, size=3)])
print([round(float(v), 12) for v in np.random.beta(2.0, 3.0, size=3)])
print(np.round(np.random.dirichlet(0.3 * np.ones(4)), 12).tolist())
print(np.round(np.random.dirichlet([1.5, 2.5], size=2), 12).tolist())
rs = np.random.RandomState(7)
print(round(float(rs.normal()), 12), [round(float(v), 12) for v in rs.gamma(0.9, size=2)], round(float(rs.normal()), 12))
probs = np.array([0.2, 0.3, 0.5])
move = np.random.choice((3, 5, 7), p=0.75 * probs + 0.25 * np.random.dirichlet(0.3 * np.ones(3)))
print(int(move))


def noisy(x):
    y = x * 2
    d = np.random.dirichlet([0.5, 0.5])
    return y + torch.from_numpy(d).float().sum()


f = torch.compile(noisy, backend="eager")
print(round(f(torch.ones(2)).sum().item(), 6))
