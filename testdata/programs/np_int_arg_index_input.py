# numpy integer scalars (np.int64, as np.random.choice returns) passed to a compiled function: Dynamo wraps np.number
# arguments as unspecialized primitives, a 0-d tensor input; indexing with one reads its item, guarded by value
# (`___from_numpy(opt).item() == 0`: each new value recompiles, never dynamic). Python ints after them start static.
# Second part: a tuple of np.int64 given to torch.LongTensor(...) in the frame (option-critic's critic_loss).
import numpy as np
import torch


def f1(x, opt):
    return x[:, opt] * 2 + opt


def f2(x, opts):
    idx = torch.LongTensor(opts)
    return x[torch.arange(len(opts)), idx].sum()


c1 = torch.compile(f1, backend="eager")
c2 = torch.compile(f2, backend="eager")
x = torch.arange(12.0).reshape(4, 3)
for i in range(4):
    print("np", i, c1(x, np.int64(i % 3)).tolist())
for i in range(3):
    print("int", i, c1(x, i).tolist())
for i in range(3):
    try:
        print("tuple", i, c2(x, (np.int64(i % 2), 1, np.int64(0), 2)).item())
    except Exception as e:
        print("tuple", i, "error", type(e).__name__)
