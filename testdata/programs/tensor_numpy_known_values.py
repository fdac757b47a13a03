# Pins: Tensor.numpy() / .cpu().numpy() of a tensor whose values tparse knows (ermongroup/ncsnv2 passes
# get_sigmas(config).cpu().numpy() to anneal_Langevin_dynamics, which iterates it for step sizes). tparse keeps the
# values through torch.tensor(ndarray).float() but loses them at .numpy(): math.sqrt/int of the entries become
# "a tensor whose value tparse does not know", so a size derived from them (here Linear widths) is guessed.
import math
import numpy as np
import torch

torch.manual_seed(0)
sigmas = torch.tensor(np.exp(np.linspace(np.log(5.0), np.log(0.01), 4))).float()
s = sigmas.cpu().numpy()
for c, sigma in enumerate(s):
    step_size = 1e-5 * (sigma / s[-1]) ** 2
    n = int(math.sqrt(step_size * 2) * 100) + 1  # 224, 31, 5, 1 with real numpy (5.0, .679, .0921, .01)
    m = torch.compile(torch.nn.Linear(n, 2), backend="eager")
    print(c, n, m(torch.randn(2, n)).shape)
