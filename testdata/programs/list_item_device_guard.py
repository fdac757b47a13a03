# Reading only `.device` of a tensor in a list argument still wraps it: TENSOR_MATCH on its sizes, though it never
# becomes a graph input. DINO's MultiCropWrapper: `torch.empty(0).to(x[0].device)`; torch 2.11 recompiles the frame
# when x[0]'s batch changes ("tensor 'xs[0]' size mismatch at index 0. expected 2, actual 3").
#
import torch

torch.manual_seed(0)
lin = torch.nn.Linear(3, 4)


@torch.compile(backend="eager")
def f(xs):
    out = torch.empty(0).to(xs[0].device)
    return lin(xs[1].mean(-1).mean(-1)) + out.sum()


with torch.no_grad():
    for b in (2, 3):
        print(tuple(f([torch.randn(b, 3, 8, 8), torch.randn(2, 3, 4, 4)]).shape))
