# a data-dependent `if torch.isnan(K).any():` on a value produced eagerly (after a graph break) is False for finite data: no print branch (from thuml/Koopa models/Koopa.py KPLayer.one_step_forward)
import torch
torch.manual_seed(0)

def step(z):
    x, y = z[:, :-1], z[:, 1:]
    K = torch.linalg.lstsq(x, y).solution          # graph break (dynamic output shape)
    if torch.isnan(K).any():                      # graph break (data-dependent branch); False here
        print('Encounter K with nan, replace K by identity matrix')
        K = torch.eye(K.shape[1]).unsqueeze(0).repeat(z.shape[0], 1, 1)
    return torch.bmm(z[:, -1:], K)

f = torch.compile(step, backend="eager")
print(tuple(f(torch.randn(2, 6, 4)).shape))
