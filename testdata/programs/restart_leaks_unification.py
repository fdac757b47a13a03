# a break inside an inlined call restarts the frame; the size unification (x batch == mask batch, from torch.cat) made in the discarded attempt must not survive: torch's restart graph prints x as s87, ours prints it through the mask's symbol (s31) (from mar models/mar.py forward -> forward_mae_encoder)
import torch
torch.manual_seed(0)

def encoder(x, mask):
    keep = torch.cat([torch.zeros(x.size(0), 1), mask], dim=1)
    return x[(1 - keep).nonzero(as_tuple=True)]

def infer(imgs, mask):
    x = imgs.reshape(imgs.shape[0], 5, 4) * 2
    return encoder(x, mask).sum()

f = torch.compile(infer, backend="eager")
for B in (2, 3):
    mask = torch.zeros(B, 4)
    mask[:, :2] = 1.0
    print(f(torch.randn(B, 20), mask))
