# Backward hooks on the compiled module itself (register_backward_hook, register_full_backward_hook): Dynamo
# compiles the module's forward, and _call_impl runs the hooks around it eagerly; the handles' remove() takes them
# off again (routing-transformer's k-means update hook). One module takes hooks of one kind only (RuntimeError).
import torch
import torch.nn as nn

torch.manual_seed(0)
seen = []


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(8, 8)

    def forward(self, x):
        return torch.relu(self.lin(x)) * 2


m, m2 = Net(), Net()
h1 = m.register_backward_hook(lambda mod, gin, gout: seen.append("legacy"))
try:
    m.register_full_backward_hook(lambda mod, gin, gout: seen.append("full"))
except RuntimeError as e:
    print("RuntimeError:", str(e)[:40])
h2 = m2.register_full_backward_hook(lambda mod, gin, gout: seen.append("full"))
cm, cm2 = torch.compile(m, backend="eager"), torch.compile(m2, backend="eager")
for b in (2, 3):
    cm(torch.randn(b, 8)).sum().backward()
    cm2(torch.randn(b, 8, requires_grad=True)).sum().backward()
h1.remove()
h2.remove()
print(cm(torch.randn(4, 8)).shape, cm2(torch.randn(4, 8)).shape, len(seen))
