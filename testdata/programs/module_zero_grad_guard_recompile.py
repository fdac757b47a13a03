# nn.Module.zero_grad() inlined in a compiled train step guards `p.grad is None`; after the first backward the grads exist, so torch recompiles on the 2nd call (same shapes); tparse does not (from pytorch-fm afi train step: model.zero_grad())
import torch

torch.manual_seed(0)
model = torch.nn.Sequential(torch.nn.Linear(8, 16), torch.nn.ReLU(), torch.nn.Linear(16, 1))
opt = torch.optim.SGD(model.parameters(), lr=0.1)


@torch.compile(backend="eager")
def step(x, y):
    loss = torch.nn.functional.mse_loss(model(x).squeeze(1), y)
    model.zero_grad()
    loss.backward()
    opt.step()
    return loss


for _ in range(3):
    print(round(step(torch.randn(4, 8), torch.randn(4)).item(), 4))
# torch: 0/1 with reason "0/0: G['model']._modules['0']._parameters['weight'].grad is None"
