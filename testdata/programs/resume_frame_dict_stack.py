# A graph break at a nested call that returns a dict of tensors (NeRF render -> batchify_rays -> all_ret): the
# resume frame gets the dict as a stack input (real placeholders L_stack0_a_ / L_stack0_b_) and guards the
# tensors' sizes, so a second call with other sizes recompiles it ("1/1 ... '___stack0['a']' size mismatch"
# or similar). tparse names them L_tmp*_ and reuses the first resume graph (no recompile).
import torch

def helper(x):
    out = {}
    if (x.sum() > 0) and False:
        print("never")
    out["a"] = x + 1
    out["b"] = x.mean(-1)
    return out

@torch.compile(backend="eager")
def f(x):
    y = x * 2
    ret = helper(y)
    return ret["a"] * 3, ret["b"].reshape(2, -1)

print([t.shape for t in f(torch.randn(4, 3))])
print([t.shape for t in f(torch.randn(6, 3))])
