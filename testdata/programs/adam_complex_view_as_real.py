# Adam's _single_tensor_adam views complex param/grad/exp_avg/exp_avg_sq with torch.view_as_real before updating (torch/optim/adam.py:431-437) (from VEWOXIC/FITS models/FITS.py complex nn.Linear)
import torch
torch.manual_seed(0)
lin = torch.nn.Linear(4, 3).to(torch.cfloat)
opt = torch.optim.Adam(lin.parameters(), lr=1e-3)
x = torch.randn(2, 4, dtype=torch.cfloat)
lin(x).abs().sum().backward()

@torch.compile(backend="eager")
def opt_step():
    opt.step()

opt_step()
print(lin.weight.dtype, tuple(lin.weight.shape), round(lin.weight.real.sum().item(), 4))
