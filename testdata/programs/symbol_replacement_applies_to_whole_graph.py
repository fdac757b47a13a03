# two dynamic sizes unified through padded sizes (s38 + 1 == s94 + 1 from expand_as): the printed graph shows the surviving symbol s38 everywhere, also before the unification, and the placeholder as s94: "Sym(s38)" (from segment-anything-fast modeling/prompt_encoder.py _embed_points)
import torch
torch.manual_seed(0)

def predict(coords, labels):
    points = coords + 0.5                                              # [1, n, 2] (coords' symbol)
    points = torch.cat([points, torch.zeros(1, 1, 2)], dim=1)          # [1, n + 1, 2]
    labels = torch.cat([labels, -torch.ones(1, 1)], dim=1)             # [1, m + 1] (labels' symbol)
    pe = torch.cat([torch.sin(points), torch.cos(points)], dim=-1)     # [1, n + 1, 4]
    mask = (labels == -1).unsqueeze(-1).expand_as(pe)                  # m + 1 == n + 1 from here
    return torch.where(mask, torch.zeros_like(pe), pe)

f = torch.compile(predict, backend="eager")
print(f(torch.rand(1, 2, 2), torch.tensor([[1.0, 0.0]])).shape)
print(f(torch.rand(1, 3, 2), torch.tensor([[1.0, 0.0, 1.0]])).shape)
