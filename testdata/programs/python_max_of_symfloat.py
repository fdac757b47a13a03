# max(1, g.size(-2) / g.size(-1)) ** 0.5 with dynamic sizes: torch records truediv -> torch.sym_max -> pow (Sym(FloatPow(Max(1.0, IntTrueDiv(s18, s11)), 0.5))) and multiplies by it; tparse folds it to the constant 1.0 from the hints (from Muon muon.py muon_update). Knock-on in torch: since s18/s11 then have users, the unified grad sizes keep placeholders s87: "Sym(s18)", s71: "Sym(s11)"
import torch
torch.manual_seed(0)

def f(m, g):
    m.lerp_(g, 0.1)
    u = g * 2
    u *= max(1, g.size(-2) / g.size(-1)) ** 0.5
    return u

c = torch.compile(f, backend="eager")
print(c(torch.zeros(8, 36), torch.randn(8, 36)).shape)
print(c(torch.zeros(16, 32), torch.randn(16, 32)).shape)
