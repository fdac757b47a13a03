# After a break Dynamo cannot resume from (Tensor.item() of a list slice's tensor bound inside `for end in idx`), the
# frame runs its graph and then the rest of the function eagerly; user frames called from that eager rest are
# converted, and on a later call served from the cache the rest runs eagerly again, so Head.forward recompiles for
# the new batch (DINO's MultiCropWrapper: real torch 2.11 forward 2/0 then 2/1).
import torch

torch.manual_seed(0)


class Head(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(3, 4)

    def forward(self, x):
        return self.lin(x).relu()


head = Head()


@torch.compile(backend="eager")
def f(crops):
    idx = torch.cumsum(torch.unique_consecutive(torch.tensor([c.shape[-1] for c in crops]), return_counts=True)[1], 0)
    start, out = 0, torch.empty(0)
    for end in idx:
        y = head(torch.cat(crops[start:end]).mean(-1).mean(-1))
        out = torch.cat((out, y))
        start = end
    return out.sum(0)


with torch.no_grad():
    for b in (2, 3):
        crops = [torch.randn(b, 3, 8, 8) for _ in range(2)] + [torch.randn(b, 3, 4, 4) for _ in range(2)]
        print(tuple(f(crops).shape))
