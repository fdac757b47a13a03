# A compiled critic whose parameters' requires_grad is flipped between calls (WGAN's critic frozen for the generator
# step, `for p in D.parameters(): p.requires_grad = False`), with inputs that do and do not require grad
import torch

torch.manual_seed(0)
D = torch.compile(torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.ReLU(), torch.nn.Linear(8, 1)), backend="eager")
G = torch.nn.Linear(2, 4)
for step in range(2):
    for p in D.parameters():
        p.requires_grad = True
    real = torch.randn(3, 4)
    D(real).mean().backward()
    fake = G(torch.randn(3, 2))
    D(fake.detach()).mean().backward()
    for p in D.parameters():
        p.requires_grad = False
    out = D(G(torch.randn(3, 2))).mean()
    out.backward()
    print(step, round(float(out), 4), D._orig_mod[0].weight.grad is not None, G.weight.grad is not None)
with torch.no_grad():
    print(D(torch.randn(3, 4)).shape)
