# A branch on a comparison of two dynamic sizes installs a guard relating them (Muon's Newton-Schulz step:
# `if G.size(0) > G.size(1): X = X.T`): after automatic dynamic made both dims symbols on the second call, a third
# call whose sizes compare the other way fails `G.size()[0] > G.size()[1]` and recompiles.
import torch


@torch.compile(backend="eager")
def newton_schulz(G):
    X = G * 2
    if G.size(0) > G.size(1):
        X = X.T
    return X @ X.T


newton_schulz(torch.randn(16, 32))
newton_schulz(torch.randn(32, 16))
newton_schulz(torch.randn(24, 40))
newton_schulz(torch.randn(48, 20))
