# bool(torch.isnan(t).any()) on data tparse does not know (lstsq output) is taken as True; real data is finite, so torch skips the branch (from thuml/Koopa models/Koopa.py KPLayer)
import torch
def f(z):
    x, y = z[:, :-1], z[:, 1:]
    K = torch.linalg.lstsq(x, y).solution      # graph break (dynamic shape operator)
    if torch.isnan(K).any():                   # data-dependent branch: torch takes False
        print('nan')
        K = torch.eye(K.shape[1]).unsqueeze(0).repeat(z.shape[0], 1, 1)
    return torch.bmm(z[:, -1:], K)
g = torch.compile(f, backend="eager")
print(g(torch.randn(2, 8, 3)).shape)
