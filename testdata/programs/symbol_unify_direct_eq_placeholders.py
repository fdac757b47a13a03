# UNVERIFIED side-note: two input sizes unified directly (s38 == s94, no +1): tparse prints s94: "Sym(s38)" and then drops the `s38` SymInt placeholder before L_labels_; check torch keeps `s38: "Sym(s38)"` as in the padded variant (from segment-anything-fast modeling/prompt_encoder.py)
import torch
torch.manual_seed(0)

def predict(coords, labels):
    points = coords + 0.5                                  # [1, n, 2]
    pe = torch.cat([torch.sin(points), torch.cos(points)], dim=-1)
    mask = (labels == 1).unsqueeze(-1).expand_as(pe)       # labels' size == coords' size from here
    return torch.where(mask, pe + 1, pe)

f = torch.compile(predict, backend="eager")
print(f(torch.rand(1, 2, 2), torch.tensor([[1, 0]])).shape)
print(f(torch.rand(1, 3, 2), torch.tensor([[1, 0, 1]])).shape)
