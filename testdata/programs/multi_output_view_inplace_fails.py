# An in-place op on a view of a torch.split output that requires grad (CreationMeta::MULTI_OUTPUT_NODE, kept by
# later views): autograd refuses it, on fake tensors too, so the compile fails with a TorchRuntimeError (flow++)
import torch

lin = torch.nn.Linear(8, 24, bias=False)


@torch.compile(backend="eager")
def f(x):
    mem, query = torch.split(lin(x), (16, 8), dim=-1)   # split_with_sizes: MULTI_OUTPUT_NODE views
    q = query.view(2, 4, 2, 4).permute(0, 2, 1, 3)      # views of it keep that creation meta (propagate_creation_meta)
    q *= 0.5                                            # in-place on it, grad mode on, q requires grad -> RuntimeError
    return q.sum() + mem.sum()


try:
    print(f(torch.randn(2, 4, 8)))
except Exception as e:
    print("raised", type(e).__name__, str(e).splitlines()[0])
